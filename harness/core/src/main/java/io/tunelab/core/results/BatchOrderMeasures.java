package io.tunelab.core.results;

/**
 * What a batch-order repetition measured beside its metrics.
 *
 * @param accounting where every order of the measured batch ended
 * @param window how the measured window was made (mode, hold, drain and steady spans, the whole
 *     drain's throughput); null until the run loop adds it, and in runs older than it
 */
public record BatchOrderMeasures(OrderAccounting accounting, MeasuredWindow window)
    implements PlanMeasures {
  /** The accounting alone, before the window is added. */
  public static BatchOrderMeasures of(OrderAccounting accounting) {
    return new BatchOrderMeasures(accounting, null);
  }

  /** These measures with how the window was made. */
  public BatchOrderMeasures withWindow(MeasuredWindow made) {
    return new BatchOrderMeasures(accounting, made);
  }
}
