package io.tunelab.core.stats;

import io.tunelab.core.stack.TierName;
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
 * CV) does not hold a warm-up back. Once 2k batches have a figure, a series noisier than the
 * tolerance is judged against its own noise instead: its trend and its change may reach twice their
 * standard error, the batches' spread estimated from the successive differences of the last 2k (von
 * Neumann's, which a steady fall barely inflates). On 2 saturated cores every tier's cost per unit
 * moves by 10-15% from batch to batch with the same work (benchmarks/README.md), and a fixed 10%
 * held the restart ladder's warm-ups to their 300 s cap while their JIT took 0-1% of the CPU and
 * the repetitions after them did not get cheaper. A tier that spends less than the tolerance's
 * share of the stack's CPU per unit over the last k batches is not judged: even doubling, it would
 * move the stack's cost by less than the tolerance (the billing-care study's broker, 1.9 of 143 ms
 * per request, held a warm-up to its cap by falling 31%). A batch during which the hypervisor took
 * more than {@code maxStealPercent} of the machine tells nothing about the stack and is left out.
 *
 * <p>The JIT is judged apart, at any pace: over the last k batches the compiler threads of each JVM
 * tier must have taken at most {@code maxJitPercent} of that tier's CPU. A stack bound by back-end
 * latency hides its JIT from the throughput and, with CPU to spare, from the gate above, yet a JVM
 * still compiling makes every repetition after the warm-up cheaper than the one before (measured
 * here: the quickstart's middleware at 67, 37, 27 ... 12 ms of CPU per order over 24 rounds after a
 * warm-up its throughput called steady, its compiler threads a third of its CPU).
 *
 * @param batches k, the undisturbed batches the rule looks at, 2 or more
 * @param tolerance the largest CV and relative trend of the throughput, and the largest trend and
 *     level change of a cost, as a fraction (0.1 = 10%)
 * @param maxStealPercent a batch with more steal than this, % of the machine, is disturbed
 * @param maxJitPercent the largest share, %, of a JVM tier's CPU its JIT compiler threads may take
 *     over the last k batches; 100 does not judge the JIT
 */
public record WarmupRule(
    int batches, double tolerance, double maxStealPercent, double maxJitPercent) {
  /** The machine's busy share, % of all cores, from which the costs per unit are judged. */
  public static final double CPU_BOUND_PERCENT = 80;

  /** The cost series of the middleware's CPU per unit. */
  public static final String MIDDLEWARE = "middleware";

  /** How many standard errors of its own noise a cost series' trend or change may reach. */
  public static final double NOISE_Z = 2;

  /** The cost series that are a tier's CPU per unit: the tiers under test, by label. */
  public static final Set<String> CPU_SERIES =
      TierName.systemUnderTest().stream()
          .map(TierName::label)
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  /** The prefix of a JVM tier's JIT series among the costs per unit. */
  public static final String JIT_PREFIX = "jit.";

  public WarmupRule {
    new SteadyState(batches, tolerance); // checks both
    if (!(maxStealPercent >= 0)) {
      throw new IllegalArgumentException("maxStealPercent must be >= 0, was " + maxStealPercent);
    }
    if (!(maxJitPercent > 0 && maxJitPercent <= 100)) {
      throw new IllegalArgumentException("maxJitPercent must be in (0, 100], was " + maxJitPercent);
    }
  }

  /** A rule that does not judge the JIT apart. */
  public WarmupRule(int batches, double tolerance, double maxStealPercent) {
    this(batches, tolerance, maxStealPercent, 100);
  }

  /** The cost series of a JVM tier's JIT compiler threads: their CPU milliseconds per unit. */
  public static String jitSeries(String tier) {
    return JIT_PREFIX + tier;
  }

  /** Whether a cost series is a JIT's. */
  public static boolean isJit(String series) {
    return series.startsWith(JIT_PREFIX);
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
   * @param jitPercent by JVM tier, the share (%) of its CPU over the last k batches its JIT
   *     compiler threads took; absent where not read
   * @param allowed each judged cost series' limits: the tolerance, or what its own noise allows
   */
  public record Verdict(
      boolean steady,
      int disturbed,
      SteadyState.Verdict throughput,
      Map<String, SteadyState.Verdict> costs,
      Map<String, Double> costChange,
      Map<String, Double> jitPercent,
      Map<String, Limits> allowed) {
    /** The JVM tiers whose JIT took more of their CPU than {@code maxJitPercent}. */
    public List<String> compiling(double maxJitPercent) {
      return jitPercent.entrySet().stream()
          .filter(e -> !(e.getValue() <= maxJitPercent))
          .map(Map.Entry::getKey)
          .toList();
    }

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
    public List<String> unsettled() {
      List<String> out = new ArrayList<>();
      costs.forEach(
          (series, v) -> {
            if (!level(v, costChange.get(series), allowed.get(series))) {
              out.add(series);
            }
          });
      return out;
    }
  }

  /**
   * How far a cost series may trend over the last k batches and move against the k before, each a
   * fraction: the tolerance, or more where the series' own batch-to-batch noise is larger.
   *
   * @param noise the series' standard deviation from batch to batch over the last 2k, relative to
   *     their mean; NaN when not estimated (fewer than 2k batches with a figure)
   * @param share a tier's share of the stack's CPU per unit over the last k batches; NaN for the
   *     work series (WAL, statements). Under the tolerance, nothing it does holds the warm-up back
   */
  public record Limits(double trend, double change, double noise, double share) {
    static Limits of(List<Double> values, int batches, double tolerance, double share) {
      double noise = noise(values, batches);
      if (share < tolerance) {
        return new Limits(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, noise, share);
      }
      if (Double.isNaN(noise)) {
        return new Limits(tolerance, tolerance, noise, share);
      }
      double k = batches;
      // standard errors of SteadyState's trend (slope x (k - 1) / mean) and of a k-vs-k change
      double trendError = noise * (k - 1) / Math.sqrt(k * (k * k - 1) / 12);
      double changeError = noise * Math.sqrt(2 / k);
      return new Limits(
          Math.max(tolerance, NOISE_Z * trendError),
          Math.max(tolerance, NOISE_Z * changeError),
          noise,
          share);
    }

    /**
     * Von Neumann's estimate over the last 2k: sqrt(sum of squared successive differences /
     * 2(n-1)).
     */
    private static double noise(List<Double> values, int batches) {
      int n = values.size();
      if (n < 2 * batches) {
        return Double.NaN;
      }
      List<Double> last = values.subList(n - 2 * batches, n);
      double sum = 0;
      double squares = 0;
      for (int i = 0; i < last.size(); i++) {
        double v = last.get(i);
        if (!Double.isFinite(v)) {
          return Double.NaN;
        }
        sum += v;
        if (i > 0) {
          double d = v - last.get(i - 1);
          squares += d * d;
        }
      }
      double mean = sum / last.size();
      return mean <= 0 ? Double.NaN : Math.sqrt(squares / (2.0 * (last.size() - 1))) / mean;
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
    Map<String, Limits> allowed = new LinkedHashMap<>();
    if (cpuBound(last)) {
      Map<String, Double> shares = cpuShares(last);
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
        allowed.put(
            series, Limits.of(values, batches, tolerance, shares.getOrDefault(series, Double.NaN)));
      }
    }
    boolean steady = throughput.steady();
    for (Map.Entry<String, SteadyState.Verdict> cost : costs.entrySet()) {
      String series = cost.getKey();
      steady &= level(cost.getValue(), changes.get(series), allowed.get(series));
    }
    Map<String, Double> jit = last.size() < batches ? Map.of() : jitPercent(last);
    Verdict verdict =
        new Verdict(steady, all.size() - kept.size(), throughput, costs, changes, jit, allowed);
    if (maxJitPercent < 100 && !verdict.compiling(maxJitPercent).isEmpty()) {
      return new Verdict(false, verdict.disturbed(), throughput, costs, changes, jit, allowed);
    }
    return verdict;
  }

  /**
   * By JVM tier with a JIT series in every one of these batches: its compiler threads' CPU over
   * them as a share (%) of the tier's.
   */
  private static Map<String, Double> jitPercent(List<Batch> last) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (String series : commonSeries(last)) {
      if (!isJit(series)) {
        continue;
      }
      String tier = series.substring(JIT_PREFIX.length());
      double jit = 0;
      double cpu = 0;
      boolean complete = true;
      for (Batch b : last) {
        Double j = b.costPerUnit().get(series);
        Double c = b.costPerUnit().get(tier);
        if (j == null || c == null) {
          complete = false;
          break;
        }
        jit += j;
        cpu += c;
      }
      if (complete && cpu > 0) {
        // the tier's CPU and its JIT's come from two clocks: the share is capped at the whole
        out.put(tier, Math.min(100, 100 * jit / cpu));
      }
    }
    return out;
  }

  private static boolean level(SteadyState.Verdict v, Double change, Limits limits) {
    return !Double.isNaN(v.trend())
        && Math.abs(v.trend()) <= limits.trend()
        && (change == null || Math.abs(change) <= limits.change());
  }

  /** Each tier's share of the CPU per unit the tiers under test spent over these batches. */
  private static Map<String, Double> cpuShares(List<Batch> last) {
    Map<String, Double> sums = new LinkedHashMap<>();
    for (String series : series(last)) {
      if (CPU_SERIES.contains(series)) {
        sums.put(series, last.stream().mapToDouble(b -> b.costPerUnit().get(series)).sum());
      }
    }
    double total = sums.values().stream().mapToDouble(Double::doubleValue).sum();
    Map<String, Double> shares = new LinkedHashMap<>();
    if (total > 0) {
      sums.forEach((series, sum) -> shares.put(series, sum / total));
    }
    return shares;
  }

  /** The series every one of the last batches has a figure for, the JIT's judged apart. */
  private static Set<String> series(List<Batch> last) {
    Set<String> common = commonSeries(last);
    common.removeIf(WarmupRule::isJit);
    return common;
  }

  private static Set<String> commonSeries(List<Batch> last) {
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
