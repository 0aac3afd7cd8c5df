package io.tunelab.core.bench;

import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Judges runs against their thresholds. An absolute threshold holds or not on the step's value. A
 * relative threshold is a regression only when the change is both past its limit and significant:
 * the repetitions of both runs are compared (Welch's test, Fieller's interval of the ratio of the
 * means), and the p-values of every relative threshold judged together are Holm-adjusted as one
 * family, so a suite of many thresholds does not find many chances to call noise a regression.
 */
public final class Gate {
  private Gate() {}

  /**
   * Every threshold of every case, in the order given: a step's checks in its thresholds' order.
   */
  public static List<Check> evaluate(List<GateCase> cases) {
    List<Pending> pending = new ArrayList<>();
    for (GateCase c : cases) {
      for (StepThreshold st : c.thresholds()) {
        if (c.run().steps().stream().noneMatch(st::appliesTo)) {
          pending.add(
              Pending.done(
                  notTested(
                      c, st.step(), st.threshold(), "the run has no step '" + st.step() + "'")));
        }
      }
      for (StepResult step : c.run().steps()) {
        for (StepThreshold st : c.thresholds()) {
          boolean itsOwnBaseline = st.threshold().relative() && step.name().equals(c.againstStep());
          if (st.appliesTo(step) && !itsOwnBaseline) {
            pending.add(
                st.threshold().relative()
                    ? relative(c, step, st.threshold())
                    : Pending.done(absolute(c, step, st.threshold())));
          }
        }
      }
    }
    List<Integer> compared = new ArrayList<>();
    for (int i = 0; i < pending.size(); i++) {
      if (pending.get(i).raw() != null) {
        compared.add(i);
      }
    }
    List<Comparison> adjusted =
        Comparison.holm(compared.stream().map(i -> pending.get(i).raw()).toList());
    List<Check> checks = new ArrayList<>();
    for (int i = 0; i < pending.size(); i++) {
      Pending p = pending.get(i);
      int k = compared.indexOf(i);
      checks.add(k < 0 ? p.done() : judge(p, adjusted.get(k)));
    }
    return List.copyOf(checks);
  }

  /** Whether any check failed: a threshold crossed, or a significant regression past its limit. */
  public static boolean failed(List<Check> checks) {
    return checks.stream().anyMatch(c -> c.status() == Check.Status.FAIL);
  }

  private static Check absolute(GateCase c, StepResult step, Threshold t) {
    OptionalDouble value = t.measure().stepValue(step);
    if (value.isEmpty()) {
      return notTested(
          c, step.name(), t, "the step has no " + t.measure().label() + missingWhy(t, step));
    }
    double v = value.getAsDouble();
    boolean holds = t.op().holds(v, t.limit());
    String message =
        String.format(
            Locale.ROOT,
            "%s is %s: %s '%s'",
            t.measure().label(),
            withUnit(v, c.run(), t.measure()),
            holds ? "within" : "past",
            t.text());
    return new Check(
        c.experiment(),
        step.name(),
        t,
        holds ? Check.Status.PASS : Check.Status.FAIL,
        v,
        null,
        null,
        message);
  }

  private static Pending relative(GateCase c, StepResult step, Threshold t) {
    if (c.baselines().isEmpty()) {
      return Pending.done(
          new Check(
              c.experiment(),
              step.name(),
              t,
              c.noBaselineStatus(),
              null,
              null,
              null,
              c.noBaseline()));
    }
    // every baseline run's counted repetitions of the step: the noise between runs is in them
    String against = c.againstStep() != null ? c.againstStep() : step.name();
    List<Repetition> pooled = new ArrayList<>();
    for (RunResult night : c.baselines()) {
      night.step(against).ifPresent(s -> pooled.addAll(StepResult.counted(s.repetitions())));
    }
    if (c.baselines().stream().allMatch(night -> night.step(against).isEmpty())) {
      return Pending.done(
          notTested(c, step.name(), t, "the baseline has no step '" + against + "'"));
    }
    Optional<double[]> a = t.measure().values(pooled);
    Optional<double[]> b = t.measure().values(StepResult.counted(step.repetitions()));
    if (a.isEmpty() || b.isEmpty()) {
      return Pending.done(
          notTested(
              c,
              step.name(),
              t,
              (a.isEmpty() ? "the baseline" : "the run")
                  + " has no "
                  + t.measure().label()
                  + " in every repetition"
                  + missingWhy(t, step)));
    }
    Comparison raw = Comparison.of(a.get(), b.get(), t.measure().direction());
    return new Pending(null, c, step, t, raw);
  }

  private static Check judge(Pending p, Comparison cmp) {
    Threshold t = p.threshold();
    String name = p.step().name();
    if (cmp.ratio() == null) {
      return notTested(
          p.gateCase(),
          name,
          t,
          "the baseline's mean is 0: a ratio to it means nothing; use an absolute threshold");
    }
    if (cmp.verdict() == Comparison.Verdict.TOO_FEW_REPETITIONS) {
      return new Check(
          p.gateCase().experiment(),
          name,
          t,
          Check.Status.NOT_TESTED,
          cmp.meanB(),
          cmp.meanA(),
          cmp,
          String.format(
              Locale.ROOT,
              "%s is %.3fx the baseline, but %d/%d repetitions cannot tell a change from noise"
                  + " (need 2 or more on each side)",
              t.measure().label(),
              cmp.ratio(),
              cmp.nA(),
              cmp.nB()));
    }
    boolean past = !t.op().holds(cmp.ratio(), t.limit());
    boolean regression = past && cmp.verdict() == Comparison.Verdict.WORSE;
    String interval =
        cmp.ratioCi95() == null
            ? ""
            : cmp.ratioCi95().bounded()
                ? String.format(
                    Locale.ROOT, " [%.3f, %.3f]", cmp.ratioCi95().low(), cmp.ratioCi95().high())
                : " [unbounded]";
    String verdict =
        regression
            ? "a regression: past the limit and significant"
            : past
                ? "past the limit but within noise, not a regression"
                : cmp.verdict() == Comparison.Verdict.WORSE
                    ? "worse, but within the limit"
                    : "within the limit";
    String message =
        String.format(
            Locale.ROOT,
            "%s %s vs the baseline's %s: %.3fx%s (limit %s %.3f), p Holm %s: %s",
            t.measure().label(),
            number(cmp.meanB()),
            withUnit(cmp.meanA(), p.gateCase().run(), t.measure()),
            cmp.ratio(),
            interval,
            t.op().symbol(),
            t.limit(),
            cmp.pAdjusted() == null ? "-" : String.format(Locale.ROOT, "%.3g", cmp.pAdjusted()),
            verdict);
    return new Check(
        p.gateCase().experiment(),
        name,
        t,
        regression ? Check.Status.FAIL : Check.Status.PASS,
        cmp.meanB(),
        cmp.meanA(),
        cmp,
        message);
  }

  private static Check notTested(GateCase c, String step, Threshold t, String why) {
    return new Check(c.experiment(), step, t, Check.Status.NOT_TESTED, null, null, null, why);
  }

  private static String missingWhy(Threshold t, StepResult step) {
    GateMeasure m = t.measure();
    if (m.operation() != null) {
      List<String> operations = GateMeasure.operationsOf(step);
      return operations.contains(m.operation())
          ? ""
          : " (the step has no operation '"
              + m.operation()
              + "'; its operations: "
              + (operations.isEmpty() ? "none" : String.join(", ", operations))
              + ")";
    }
    if (m.kind() != GateMeasure.Kind.METRIC) {
      return " (percentiles and the mean need the repetitions' latency histograms: run.json"
          + " schemaVersion 2 or later)";
    }
    return switch (m.metric()) {
      case P999 -> " (p99.9 needs run.json schemaVersion 2 or later)";
      case CPU_PER_UNIT, WAL_BYTES_PER_UNIT, STATEMENTS_PER_UNIT ->
          " (cost per unit needs the observer, and statements pg_stat_statements)";
      default -> "";
    };
  }

  private static String withUnit(double value, RunResult run, GateMeasure measure) {
    String unit =
        measure.metric() == GateMetric.THROUGHPUT
            ? measure.operation() != null
                ? "per minute"
                : run.throughputUnit() == null ? "per minute" : run.throughputUnit()
            : measure.unit();
    return number(value) + (unit.isEmpty() ? "" : unit.equals("%") ? "%" : " " + unit);
  }

  private static String number(double v) {
    return Math.abs(v) >= 100 || v == Math.rint(v)
        ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.3g", v);
  }

  /** A check already judged, or a relative one waiting for the family's adjusted p. */
  private record Pending(
      Check done, GateCase gateCase, StepResult step, Threshold threshold, Comparison raw) {
    static Pending done(Check check) {
      return new Pending(check, null, null, null, null);
    }
  }
}
