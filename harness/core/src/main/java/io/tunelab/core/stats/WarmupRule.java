package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When a warm-up may end, judged after each warm-up batch (or round): over the last {@code batches}
 * batches the host did not disturb, the throughput meets the {@link SteadyState} rule at {@code
 * tolerance}, and, on a machine busy enough for cost to set the pace, so does what the whole stack
 * spends per unit of work: the CPU per unit of the middleware, the database and the broker, and the
 * database's WAL and statements per unit. Throughput alone is not enough on a small machine: its
 * batch-to-batch noise hides the JIT still at work (the middleware's CPU per order falls five-fold
 * on 2 cores), and the middleware is one tier of three: a database whose cost per order still
 * climbs or falls makes the repetitions after the warm-up drift as surely.
 *
 * <p>A cost series is level when, over the last k batches, its least-squares line moves by at most
 * the tolerance (either way), and their mean differs from the mean of the k batches before them by
 * at most the tolerance (either way): a JIT's last fall is slow and noisy (about 13 to 8 ms over
 * 3,000 orders), too slow for a trend over k batches to see. Batch-to-batch noise alone (a cost's
 * CV) does not hold a warm-up back. A batch during which the hypervisor took more than {@code
 * maxStealPercent} of the machine tells nothing about the stack and is left out.
 *
 * @param batches k, the undisturbed batches the rule looks at, 2 or more
 * @param tolerance the largest CV and relative trend of the throughput, and the largest trend and
 *     level change of a cost, as a fraction (0.1 = 10%)
 * @param maxStealPercent a batch with more steal than this, % of the machine, is disturbed
 */
public record WarmupRule(int batches, double tolerance, double maxStealPercent) {
  /** The machine's busy share, % of all cores, from which the costs per unit are judged. */
  public static final double CPU_BOUND_PERCENT = 80;

  /** The cost series of the middleware's CPU per unit. */
  public static final String MIDDLEWARE = "middleware";

  public WarmupRule {
    new SteadyState(batches, tolerance); // checks both
    if (!(maxStealPercent >= 0)) {
      throw new IllegalArgumentException("maxStealPercent must be >= 0, was " + maxStealPercent);
    }
  }

  /**
   * One warm-up batch.
   *
   * @param throughputPerMinute over its steady window
   * @param costPerUnit what the stack spent per settled unit, by series: CPU milliseconds per tier
   *     ({@code middleware}, {@code db}, {@code broker}), WAL bytes, statements; a series absent or
   *     null where unknown
   * @param stealPercent the hypervisor's steal over its drain, % of the machine; null when unknown
   * @param busyPercent the machine's busy time over its drain, % of all cores; null when unknown
   *     (then the costs are judged)
   */
  public record Batch(
      double throughputPerMinute,
      Map<String, Double> costPerUnit,
      Double stealPercent,
      Double busyPercent) {
    public Batch {
      Map<String, Double> copy = new LinkedHashMap<>();
      costPerUnit.forEach(
          (k, v) -> {
            if (v != null) {
              copy.put(k, v);
            }
          });
      costPerUnit = java.util.Collections.unmodifiableMap(copy);
    }

    /** A batch with the middleware's CPU per order as its one cost. */
    public Batch(
        double throughputPerMinute, Double cpuMillisPerOrder, Double stealPercent, Double busy) {
      this(throughputPerMinute, middleware(cpuMillisPerOrder), stealPercent, busy);
    }

    /** A batch whose machine load is unknown. */
    public Batch(double throughputPerMinute, Double cpuMillisPerOrder, Double stealPercent) {
      this(throughputPerMinute, cpuMillisPerOrder, stealPercent, null);
    }

    /** The middleware's CPU per unit; null when unknown. */
    public Double cpuMillisPerOrder() {
      return costPerUnit.get(MIDDLEWARE);
    }

    private static Map<String, Double> middleware(Double cpu) {
      Map<String, Double> cost = new LinkedHashMap<>();
      cost.put(MIDDLEWARE, cpu);
      return cost;
    }
  }

  /**
   * What the rule says.
   *
   * @param steady whether the warm-up may end
   * @param disturbed batches left out for steal
   * @param throughput the rule's verdict on the undisturbed batches' throughput
   * @param costs each judged cost series' verdict over the last k batches (its {@code trend}
   *     counts); empty when the costs were not judged (the machine had CPU to spare)
   * @param costChange each judged series' mean over the last k batches against the k before, a
   *     fraction (0.1 = 10% higher, -0.1 lower); absent with fewer than 2k batches with a figure
   */
  public record Verdict(
      boolean steady,
      int disturbed,
      SteadyState.Verdict throughput,
      Map<String, SteadyState.Verdict> costs,
      Map<String, Double> costChange) {
    /** The middleware's CPU per unit verdict; null when not judged. */
    public SteadyState.Verdict cpu() {
      return costs.get(MIDDLEWARE);
    }

    /**
     * How much lower the middleware's mean CPU per unit over the last k batches is than over the k
     * before (0.1 = 10% lower); null when not judged.
     */
    public Double cpuFall() {
      Double change = costChange.get(MIDDLEWARE);
      return change == null ? null : -change;
    }

    /** The cost series that held the warm-up back, in the order judged. */
    public List<String> unsettled(double tolerance) {
      List<String> out = new ArrayList<>();
      costs.forEach(
          (series, v) -> {
            Double change = costChange.get(series);
            if (!level(v, change, tolerance)) {
              out.add(series);
            }
          });
      return out;
    }
  }

  /** Whether the batch is disturbed: more steal than {@link #maxStealPercent}. */
  public boolean disturbed(Batch batch) {
    return batch.stealPercent() != null && batch.stealPercent() > maxStealPercent;
  }

  public Verdict judge(List<Batch> all) {
    List<Batch> kept = all.stream().filter(b -> !disturbed(b)).toList();
    SteadyState rule = new SteadyState(batches, tolerance);
    SteadyState.Verdict throughput =
        rule.judge(kept.stream().map(Batch::throughputPerMinute).toList());
    List<Batch> last = kept.subList(Math.max(0, kept.size() - batches), kept.size());
    Map<String, SteadyState.Verdict> costs = new LinkedHashMap<>();
    Map<String, Double> changes = new LinkedHashMap<>();
    if (cpuBound(last)) {
      for (String series : series(last)) {
        List<Double> values = new ArrayList<>();
        kept.forEach(b -> values.add(b.costPerUnit().getOrDefault(series, Double.NaN)));
        costs.put(
            series,
            rule.judge(values.subList(Math.max(0, values.size() - batches), values.size())));
        Double change = change(values);
        if (change != null) {
          changes.put(series, change);
        }
      }
    }
    boolean steady = throughput.steady();
    for (Map.Entry<String, SteadyState.Verdict> cost : costs.entrySet()) {
      steady &= level(cost.getValue(), changes.get(cost.getKey()), tolerance);
    }
    return new Verdict(steady, all.size() - kept.size(), throughput, costs, changes);
  }

  private static boolean level(SteadyState.Verdict v, Double change, double tolerance) {
    return !Double.isNaN(v.trend())
        && Math.abs(v.trend()) <= tolerance
        && (change == null || Math.abs(change) <= tolerance);
  }

  /** The series every one of the last batches has a figure for. */
  private static Set<String> series(List<Batch> last) {
    Set<String> common = new LinkedHashSet<>();
    if (last.isEmpty()) {
      return common;
    }
    common.addAll(last.get(0).costPerUnit().keySet());
    last.forEach(b -> common.retainAll(b.costPerUnit().keySet()));
    return common;
  }

  /** (mean of the last k) / (mean of the k before) - 1; null without both. */
  private Double change(List<Double> values) {
    int n = values.size();
    if (n < 2 * batches) {
      return null;
    }
    double before = mean(values.subList(n - 2 * batches, n - batches));
    double now = mean(values.subList(n - batches, n));
    return Double.isNaN(before) || Double.isNaN(now) || before <= 0 ? null : now / before - 1;
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  /** Whether the machine was busy enough over these batches for cost to hold the drain back. */
  private static boolean cpuBound(List<Batch> last) {
    List<Double> busy = last.stream().map(Batch::busyPercent).filter(b -> b != null).toList();
    return busy.size() < last.size()
        || busy.stream().mapToDouble(Double::doubleValue).average().orElse(0) >= CPU_BOUND_PERCENT;
  }
}
