package io.tunelab.core.knobs;

import io.tunelab.core.PlanRoom;
import java.util.Comparator;
import java.util.List;

/**
 * Knobs and rules a plan's room declares: the knobs only that plan reads, kept beside the code that
 * reads them rather than in the tiers' files. The registry ({@link KnobRegistry#standard()}) finds
 * every source on the class path (its {@link PlanRoom}), so the experiment reader, the rules, the
 * reference page and the findings know a room's knobs by name without naming the room.
 */
public interface KnobSource {
  /** The YAML name of the plan whose room declares these knobs ({@code plan:} in an experiment). */
  String plan();

  /** The knobs, in the order of the reference page within each tier. */
  List<Knob<?>> knobs();

  /** Rules between these knobs and any other, checked before any tier starts. */
  default List<KnobRule> rules() {
    return List.of();
  }

  /** Every source on the class path, in a stable order (by plan name). */
  static List<KnobSource> onClassPath() {
    return PlanRoom.parts(KnobSource.class).stream()
        .sorted(Comparator.comparing(KnobSource::plan))
        .toList();
  }
}
