package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.stats.Holm;
import io.tunelab.core.stats.MannKendall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a step's repetitions drifted: a Mann-Kendall trend test over them in the order they ran,
 * on the throughput and on what each unit of work cost each tier of the system (CPU per unit of the
 * middleware, the database, the broker and the three together, WAL and statements per unit).
 * Repetitions that drift are not independent draws of one system: something in the stack's own
 * state moved along them, and the tier whose cost moved says where. A series flat within its noise
 * has no significant trend; its first-to-last change (Sen's slope over the repetitions) is given
 * either way, so "flat within 2%" can be read off.
 *
 * <p>The family is tested in a fixed sequence (a gatekeeper), so that five repetitions can show a
 * trend at all: the stack's CPU per unit (the throughput when the run was not observed) first, at
 * 5% alone; the other series after it, Holm-adjusted among themselves, each adjusted p no smaller
 * than the gatekeeper's. Holm over all eight series could not: five repetitions reach p = 0.017 at
 * best, 0.13 after Holm, and a step whose whole stack got 29% cheaper repetition after repetition
 * was called "no drift". The family-wise error stays at 5% (a closed testing procedure).
 *
 * @param series each series tested, by name: {@code throughput}, {@code cpu.middleware}, {@code
 *     cpu.db}, {@code cpu.broker}, {@code cpu.stack}, {@code walBytes}, {@code statements}, {@code
 *     host} (the host's probe, {@link RepetitionProtocol#hostProbeMillis}: when it drifts with the
 *     tiers' costs, the host moved, not the stack)
 * @param drifting the series whose trend is significant at 5% after adjustment, in that order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepDrift(Map<String, Trend> series, List<String> drifting) {
  /** The fewest repetitions a trend can be significant over (n = 5 reaches p = 0.017). */
  public static final int MIN_REPETITIONS = 5;

  /** Significance level of a drift, on the adjusted p. */
  public static final double ALPHA = 0.05;

  /** Tested first, at {@link #ALPHA} alone: what the issue of independent repetitions is about. */
  static final String GATE = "cpu.stack";

  /** The gatekeeper of a run without the observer's costs. */
  static final String UNOBSERVED_GATE = "throughput";

  /**
   * One series.
   *
   * @param n repetitions with a value
   * @param firstToLastPercent Sen's slope times (n - 1) over the median, %: how far the series
   *     moved from the first repetition to the last
   * @param p Mann-Kendall's two-sided p
   * @param pAdjusted the gatekeeper's own p; any other series' Holm-adjusted among the others, and
   *     no smaller than the gatekeeper's
   */
  public record Trend(int n, double firstToLastPercent, double p, double pAdjusted) {}

  public StepDrift {
    series = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(series));
    drifting = List.copyOf(drifting);
  }

  /** The drift of these repetitions (in the order they ran); empty with fewer than 3. */
  public static Optional<StepDrift> of(List<Repetition> repetitions) {
    if (repetitions.size() < 3) {
      return Optional.empty();
    }
    Map<String, MannKendall> tested = new LinkedHashMap<>();
    test(tested, repetitions, "throughput", r -> r.metrics().throughputPerMinute());
    for (String tier : List.of("middleware", "db", "broker")) {
      test(tested, repetitions, "cpu." + tier, r -> cpu(r, tier));
    }
    test(tested, repetitions, "cpu.stack", r -> work(r, WorkCost::sutCpuMillisPerUnit));
    test(tested, repetitions, "walBytes", r -> work(r, WorkCost::walBytesPerUnit));
    test(tested, repetitions, "statements", r -> work(r, WorkCost::statementsPerUnit));
    test(tested, repetitions, "host", r -> r.protocolOrNone().hostProbeMillis());
    String gate =
        tested.containsKey(GATE)
            ? GATE
            : tested.containsKey(UNOBSERVED_GATE) ? UNOBSERVED_GATE : null;
    List<String> others = new ArrayList<>(tested.keySet());
    others.remove(gate);
    double[] adjusted =
        Holm.adjust(others.stream().mapToDouble(name -> tested.get(name).p()).toArray());
    double gateP = gate == null ? 0 : tested.get(gate).p();
    Map<String, Trend> series = new LinkedHashMap<>();
    List<String> drifting = new ArrayList<>();
    for (Map.Entry<String, MannKendall> e : tested.entrySet()) {
      MannKendall mk = e.getValue();
      double p =
          e.getKey().equals(gate)
              ? mk.p()
              : Math.min(1, Math.max(gateP, adjusted[others.indexOf(e.getKey())]));
      series.put(e.getKey(), new Trend(mk.n(), 100 * mk.relativeChange(), mk.p(), p));
      if (p < ALPHA) {
        drifting.add(e.getKey());
      }
    }
    return Optional.of(new StepDrift(series, drifting));
  }

  /** Whether any series drifted. */
  @JsonIgnore
  public boolean drifted() {
    return !drifting.isEmpty();
  }

  private static void test(
      Map<String, MannKendall> out,
      List<Repetition> repetitions,
      String name,
      Function<Repetition, Double> value) {
    List<Double> values = new ArrayList<>();
    for (Repetition r : repetitions) {
      Double v = value.apply(r);
      if (v == null || Double.isNaN(v)) {
        return; // a series some repetitions lack is not tested
      }
      values.add(v);
    }
    MannKendall mk = MannKendall.of(values);
    if (!Double.isNaN(mk.relativeChange())) {
      out.put(name, mk);
    }
  }

  /** A tier's CPU per unit: the observer's, or for the middleware the runner's own reading. */
  private static Double cpu(Repetition r, String tier) {
    if (r.workCost() != null && r.workCost().cpuMillisPerUnit().get(tier) != null) {
      return r.workCost().cpuMillisPerUnit().get(tier);
    }
    MeasuredWindow window = r.measures().window();
    if ("middleware".equals(tier) && window != null) {
      return window.middlewareCpuMillisPerOrder();
    }
    return null;
  }

  private static Double work(Repetition r, Function<WorkCost, Double> figure) {
    return r.workCost() == null ? null : figure.apply(r.workCost());
  }
}
