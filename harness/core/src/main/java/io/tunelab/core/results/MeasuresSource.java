package io.tunelab.core.results;

import io.tunelab.core.PlanRoom;
import io.tunelab.core.experiment.Plan;
import java.util.List;
import java.util.Optional;

/**
 * Measures a plan's room keeps as its own: what only that plan counts, in one field of each
 * repetition of run.json ({@link PlanMeasures#ownFields()}), read back here. The core reads and
 * renders them through {@link PlanMeasures} without knowing their type; the sources are found on
 * the class path (its room's {@link PlanRoom}), as the rooms' knobs and findings are. A reader
 * without the room (the core alone) keeps the fields it knows and drops the room's, as it drops any
 * field of a newer version.
 *
 * @param <T> the type of the field's value
 */
public interface MeasuresSource<T> {
  /** The plan whose repetitions carry these measures. */
  Plan plan();

  /** The repetition's field in run.json that holds them. */
  String field();

  /** The field's type, as run.json holds it. */
  Class<T> type();

  /**
   * The plan's measures from its field; {@code value} null when the repetition lacks the field (its
   * load failed before it counted anything).
   */
  PlanMeasures measures(T value);

  /** Every source on the class path, in a stable order (by plan). */
  static List<MeasuresSource<?>> onClassPath() {
    return MeasuresSources.ALL;
  }

  /** The source of {@code plan}'s measures, if its room is on the class path. */
  static Optional<MeasuresSource<?>> of(Plan plan) {
    return MeasuresSources.ALL.stream().filter(s -> s.plan() == plan).findFirst();
  }
}
