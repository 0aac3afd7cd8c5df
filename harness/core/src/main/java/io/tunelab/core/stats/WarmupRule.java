package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * When a batch-order warm-up may end, judged after each warm-up batch: over the last {@code
 * batches} batches the host did not disturb, the throughput and the middleware's CPU per order both
 * meet the {@link SteadyState} rule at {@code tolerance}. Throughput alone is not enough on a small
 * machine: its batch-to-batch noise can hide the JIT still at work, which shows plainly in the CPU
 * the middleware spends per order (it falls about five-fold on 2 cores). Its last fall is slow and
 * noisy (about 13 to 8 ms over 3,000 orders), too slow for a trend over k batches to see, so the
 * CPU per order of the last k batches must also not have fallen by more than the tolerance against
 * the k before them. A batch during which the hypervisor took more than {@code maxStealPercent} of
 * the machine tells nothing about the middleware and is left out.
 *
 * @param batches k, the undisturbed batches the rule looks at, 2 or more
 * @param tolerance the largest CV and relative trend of either series, a fraction (0.1 = 10%)
 * @param maxStealPercent a batch with more steal than this, % of the machine, is disturbed
 */
public record WarmupRule(int batches, double tolerance, double maxStealPercent) {
  /** The machine's busy share, % of all cores, from which the CPU per order is judged. */
  public static final double CPU_BOUND_PERCENT = 80;

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
   * @param cpuMillisPerOrder the middleware's CPU per settled order; null when unknown (then only
   *     the throughput is judged)
   * @param stealPercent the hypervisor's steal over its drain, % of the machine; null when unknown
   * @param busyPercent the machine's busy time over its drain, % of all cores; null when unknown
   *     (then the CPU per order is judged)
   */
  public record Batch(
      double throughputPerMinute,
      Double cpuMillisPerOrder,
      Double stealPercent,
      Double busyPercent) {
    /** A batch whose machine load is unknown. */
    public Batch(double throughputPerMinute, Double cpuMillisPerOrder, Double stealPercent) {
      this(throughputPerMinute, cpuMillisPerOrder, stealPercent, null);
    }
  }

  /**
   * What the rule says.
   *
   * @param steady whether the warm-up may end
   * @param disturbed batches left out for steal
   * @param throughput the rule's verdict on the undisturbed batches' throughput
   * @param cpu the figures of their CPU per order (its {@code trend} is what counts); null when not
   *     judged: the machine had CPU to spare, or a batch has no figure
   * @param cpuFall how much lower the mean CPU per order of the last k batches is than that of the
   *     k before them, a fraction (0.1 = 10% lower, negative when higher); null when not judged or
   *     fewer than 2k undisturbed batches have a figure
   */
  public record Verdict(
      boolean steady,
      int disturbed,
      SteadyState.Verdict throughput,
      SteadyState.Verdict cpu,
      Double cpuFall) {}

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
    SteadyState.Verdict cpu = null;
    if (cpuBound(last) && last.stream().allMatch(b -> b.cpuMillisPerOrder() != null)) {
      List<Double> perOrder = new ArrayList<>();
      kept.forEach(
          b -> perOrder.add(b.cpuMillisPerOrder() == null ? Double.NaN : b.cpuMillisPerOrder()));
      cpu = rule.judge(perOrder.subList(Math.max(0, perOrder.size() - batches), perOrder.size()));
    }
    Double cpuFall = cpu == null ? null : fall(kept);
    boolean cpuLevel =
        cpu == null
            || (!Double.isNaN(cpu.trend())
                && cpu.trend() >= -tolerance
                && (cpuFall == null || cpuFall <= tolerance));
    boolean steady = throughput.steady() && cpuLevel;
    return new Verdict(steady, all.size() - kept.size(), throughput, cpu, cpuFall);
  }

  /** 1 - (mean CPU per order of the last k) / (mean of the k before); null without both. */
  private Double fall(List<Batch> kept) {
    int n = kept.size();
    if (n < 2 * batches) {
      return null;
    }
    double before = meanCpu(kept.subList(n - 2 * batches, n - batches));
    double now = meanCpu(kept.subList(n - batches, n));
    return Double.isNaN(before) || Double.isNaN(now) || before <= 0 ? null : 1 - now / before;
  }

  private static double meanCpu(List<Batch> batches) {
    return batches.stream()
        .mapToDouble(b -> b.cpuMillisPerOrder() == null ? Double.NaN : b.cpuMillisPerOrder())
        .average()
        .orElse(Double.NaN);
  }

  /** Whether the machine was busy enough over these batches for the JIT to hold the drain back. */
  private static boolean cpuBound(List<Batch> last) {
    List<Double> busy = last.stream().map(Batch::busyPercent).filter(b -> b != null).toList();
    return busy.size() < last.size()
        || busy.stream().mapToDouble(Double::doubleValue).average().orElse(0) >= CPU_BOUND_PERCENT;
  }
}
