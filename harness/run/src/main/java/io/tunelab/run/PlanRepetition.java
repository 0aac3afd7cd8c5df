package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.Repetition;
import java.nio.file.Path;

/** One measured repetition of a step, the way its plan runs one. */
interface PlanRepetition {
  /**
   * @param tag letters and digits unique to this repetition in the run
   * @param dir the repetition's raw-data folder
   * @param relativeDir the same, relative to the run folder, as run.json records it
   */
  Repetition run(KnobSet knobs, Progress.Position at, String tag, Path dir, String relativeDir)
      throws InterruptedException;

  /** What the plan reads back of its own settings ({@link PlanSteps#readBack}). */
  default java.util.Map<String, Object> readBack() {
    return java.util.Map.of();
  }

  /** The state the stack started the last repetition from; empty when it was not read. */
  default java.util.Optional<io.tunelab.core.results.StartState> lastStartState() {
    return java.util.Optional.empty();
  }
}
