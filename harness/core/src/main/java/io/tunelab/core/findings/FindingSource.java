package io.tunelab.core.findings;

import io.tunelab.core.PlanRoom;
import java.util.Comparator;
import java.util.List;

/**
 * Findings a plan's room raises: rules over what only that plan has (its own queues), kept beside
 * the code that makes it rather than among the house's rules. {@link Findings#RULES} runs them with
 * the house's, by the order of their first kind in {@link FindingKind}; the reference page lists
 * them. The sources are found on the class path (its {@link PlanRoom}), as the rooms' knobs are.
 */
public interface FindingSource {
  /** The YAML name of the plan whose room raises these findings. */
  String plan();

  /** The room's rules, each documenting the kinds it raises. */
  List<FindingRule> rules();

  /**
   * Whether {@code queue} is one of the plan's own, judged by its rules: the house's rules leave it
   * alone.
   */
  default boolean ownsQueue(String queue) {
    return false;
  }

  /** Every source on the class path, in a stable order (by plan name). */
  static List<FindingSource> onClassPath() {
    return PlanRoom.parts(FindingSource.class).stream()
        .sorted(Comparator.comparing(FindingSource::plan))
        .toList();
  }
}
