package io.tunelab.run;

import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.stats.WarmupRule;
import java.nio.file.Path;

/**
 * What happened in a run that a person watching should keep: the run loop reports these as data and
 * the command line decides how they read, so no repetition formats text.
 */
public sealed interface RunEvent {
  /** The run began writing to its folder. */
  record RunStarted(String runId, Path runDir) implements RunEvent {}

  /**
   * A warm-up batch (batch-order) or round (concurrent-soap) was drained and judged.
   *
   * @param part what one warm-up part is called: batch or round
   * @param unit the plan's throughput unit
   * @param disturbed whether the host disturbed it, so the rule did not judge it
   */
  record WarmupRound(
      Progress.Position at,
      String part,
      int number,
      String unit,
      WarmupRule.Batch judged,
      boolean disturbed)
      implements RunEvent {}

  /**
   * A warm-up ended, steady or not.
   *
   * @param parts how many batches or rounds it took
   * @param partName batches or rounds
   * @param units orders or requests it sent
   * @param unitName orders or requests
   */
  record WarmupEnded(
      Progress.Position at,
      SteadyStateReport report,
      int parts,
      String partName,
      int units,
      String unitName,
      String unit)
      implements RunEvent {}

  /** A repetition was measured and judged; {@code unit} is the plan's throughput unit. */
  record RepetitionFinished(Progress.Position at, String unit, Repetition repetition)
      implements RunEvent {}

  /** What the tiers needed beyond the knobs (queues purged, in-doubt transactions rolled back). */
  record TierNotice(String text) implements RunEvent {}

  /** The middleware JVM was gone before a repetition and is started again. */
  record MiddlewareRevived(String step, int repetition, String why) implements RunEvent {}
}
