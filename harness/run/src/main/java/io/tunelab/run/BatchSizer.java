package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.stats.CompletionRates;
import java.util.HashMap;
import java.util.Map;

/**
 * How many orders a batch-order batch sends, and how many messages a messaging round or run sends
 * (the same rule on {@code workload.messages} and {@code workload.warmupMessages}). A measured
 * batch is {@code workload.orders}, or more when its steady window (the middle 80% of the
 * completions) would be shorter than {@code workload.minMeasuredSeconds}: at the last drain rate
 * measured in this run plus a quarter (a JVM still getting faster drains sooner), or in rate mode
 * at {@code workload.arrivalsPerMinute}. A step's first measured batch fixes the size of all its
 * measured batches, also when interleaved repetitions come back to it: repetitions compare like
 * with like, and a window that turned out short says so in its verdict. One per run, so that a step
 * that changed its knobs live (no restart, no warm-up) is sized at the rate of the step before it,
 * not at {@code workload.orders}.
 */
public final class BatchSizer {
  private static final double DRAIN_MARGIN = 1.25;

  private final Map<String, Integer> measuredByStep = new HashMap<>();
  private double lastRatePerMinute = Double.NaN;

  /**
   * A drain (warm-up batch or measured one) settled at this rate; non-positive rates are ignored.
   */
  public synchronized void drained(double perMinute) {
    if (perMinute > 0) {
      lastRatePerMinute = perMinute;
    }
  }

  /** The measured batch of the step: sized at its first call, the same at every later one. */
  public synchronized int measured(String step, KnobSet knobs) {
    return measured(step, knobs, knobs.get(WorkloadKnobs.ORDERS));
  }

  /**
   * The measured run of the step for a plan whose count is not {@code workload.orders} (messaging:
   * {@code workload.messages}): at least {@code asked}, sized at its first call.
   */
  public synchronized int measured(String step, KnobSet knobs, int asked) {
    return measuredByStep.computeIfAbsent(step, s -> sized(asked, knobs));
  }

  /** A warm-up batch: {@code workload.warmupBatchOrders}, or as many as a measured batch now. */
  public synchronized int warmup(KnobSet knobs) {
    int asked = knobs.get(WorkloadKnobs.WARMUP_BATCH_ORDERS);
    return asked > 0 ? asked : sized(knobs.get(WorkloadKnobs.ORDERS), knobs);
  }

  /**
   * A warm-up round of a plan that warms up in rounds (messaging): at least {@code asked}, and
   * enough for the round to last {@code workload.minMeasuredSeconds} at the last rate, since a
   * round of a few seconds judges a JIT still compiling as steady.
   */
  public synchronized int round(KnobSet knobs, int asked) {
    return sized(asked, knobs);
  }

  private int sized(int asked, KnobSet knobs) {
    int seconds = knobs.get(WorkloadKnobs.MIN_MEASURED_SECONDS);
    double perMinute =
        knobs.get(WorkloadKnobs.MODE) == WorkloadKnobs.Mode.RATE
            ? knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE)
            : DRAIN_MARGIN * lastRatePerMinute;
    if (Double.isNaN(perMinute) || perMinute <= 0 || seconds == 0) {
      return asked;
    }
    double steadyShare = 1 - 2 * CompletionRates.TRIM;
    long needed = (long) Math.ceil(perMinute / 60 * seconds / steadyShare);
    return (int) Math.min(Integer.MAX_VALUE, Math.max(asked, needed));
  }
}
