package io.tunelab.core.results;

import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.stack.TierName;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The measurement section of {@code summary.md}: how the steps were repeated, how each step's
 * warm-up ended, which repetitions count, the spread between and within middleware JVMs, and what
 * one order cost the system under test and the harness (medians over the counted repetitions).
 */
final class MeasurementMarkdown {
  private MeasurementMarkdown() {}

  static String of(RunResult run) {
    StringBuilder md = new StringBuilder("\n## Measurement\n\n");
    md.append(protocol(run.repetitions(), run.schedule())).append("\n\n");
    for (StepResult step : run.steps()) {
      md.append("- **").append(step.name()).append("**: ").append(repetitions(step));
      warmup(step).ifPresent(text -> md.append("; ").append(text));
      if (step.jvmSpread() != null) {
        md.append("; ").append(spread(step.jvmSpread()));
      }
      StepProtocolText.startState(step).ifPresent(text -> md.append("; ").append(text));
      StepProtocolText.hostProbe(step).ifPresent(text -> md.append("; ").append(text));
      StepProtocolText.drift(step).ifPresent(text -> md.append("; ").append(text));
      md.append(".\n");
    }
    md.append(costs(run));
    return md.toString();
  }

  private static String protocol(Repetitions r, ScheduleOutcome schedule) {
    if (r == null) {
      return "Repetitions as run.json's `repeat` says (a run from before the protocol was"
          + " recorded).";
    }
    String count =
        r.adaptive()
            ? String.format(
                Locale.ROOT,
                "%d to %d repetitions per step, until every comparison could detect a change of"
                    + " %s%% (its minimum detectable effect, 80%% power at 5%%)%s",
                r.min(),
                r.max(),
                Knobless.format(r.mdePercent()),
                r.maxMinutes() > 0 ? " or " + r.maxMinutes() + " minutes had passed" : "")
            : r.min() + " repetitions per step";
    return count
        + (r.jvm() == Repetitions.Jvm.FRESH
            ? ", each in a freshly started and warmed-up middleware JVM"
            : ", each step's repetitions in the middleware JVM its knobs run in (kept between"
                + " its visits and warmed up once; `--jvm fresh` starts one per repetition)")
        + (r.order() == Repetitions.Order.INTERLEAVED
            ? ", in rounds (one of each step per round, in a random order each round), each step"
                + " compared with the baseline round by round (paired)"
            : ", step after step")
        + ". Disturbed repetitions (hypervisor steal over workload.maxStealPercent) and ones on a"
        + " middleware with no steady state are kept in run.json but not counted while others are."
        + (schedule == null ? "" : " " + ScheduleText.of(schedule));
  }

  private static String repetitions(StepResult step) {
    List<Repetition> all = step.repetitions();
    long disturbed = all.stream().filter(r -> !r.undisturbed()).count();
    long unsteady = all.stream().filter(r -> !r.notUnsteady()).count();
    long invalid = all.stream().filter(r -> !r.valid()).count();
    StringBuilder text =
        new StringBuilder()
            .append(step.counted() == null ? all.size() : step.counted())
            .append(" of ")
            .append(all.size())
            .append(" repetitions counted");
    if (disturbed + unsteady + invalid > 0) {
      text.append(" (")
          .append(disturbed)
          .append(" disturbed, ")
          .append(unsteady)
          .append(" with NO STEADY STATE, ")
          .append(invalid)
          .append(" invalid)");
    }
    return text.toString();
  }

  private static java.util.Optional<String> warmup(StepResult step) {
    String unit =
        step.repetitions().stream()
                .anyMatch(r -> Operations.MESSAGE.equals(r.measures().unitOperation()))
            ? " messages"
            : " requests";
    return step.repetitions().stream()
        .map(Repetition::warmup)
        .filter(w -> w != null && w.steadyState() != null)
        .reduce((first, later) -> later)
        .map(
            w -> {
              SteadyStateReport s = w.steadyState();
              // concurrent-soap and messaging warm up in rounds, batch-order in batches of orders
              String parts =
                  w.requests() != null
                      ? s.batchRatesPerMinute().size() + " rounds, " + s.orders() + unit
                      : s.batchRatesPerMinute().size() + " batches, " + s.orders() + " orders";
              return (s.reached()
                      ? String.format(
                          Locale.ROOT,
                          "warm-up steady at %.1f/min after %s, %.0f s (%s)",
                          s.levelPerMinute(),
                          parts,
                          s.millis() / 1000.0,
                          s.shape().toLowerCase(Locale.ROOT))
                      : String.format(
                          Locale.ROOT,
                          "warm-up NO STEADY STATE after %s, %.0f s (%s)%s",
                          parts,
                          s.millis() / 1000.0,
                          s.endedBy(),
                          stillMoving(s, w.requests() != null ? "rounds" : "batches")))
                  + lastJit(s, w.requests() != null ? "round" : "batch");
            });
  }

  /**
   * "; its last batches: throughput CV 14.9%, trend -29.7%; cost per unit against the batches
   * before: middleware -14.8%, db -10.9%": what still moved when a warm-up gave up, largest first,
   * so the engineer can tell a JVM still warming up from a stack whose batches are that noisy; ""
   * when nothing was judged.
   */
  private static String stillMoving(SteadyStateReport s, String parts) {
    List<String> throughput = new java.util.ArrayList<>();
    if (s.cvPercent() != null) {
      throughput.add(String.format(Locale.ROOT, "throughput CV %.1f%%", s.cvPercent()));
    }
    if (s.trendPercent() != null) {
      throughput.add(String.format(Locale.ROOT, "trend %+.1f%%", s.trendPercent()));
    }
    List<String> costs =
        s.costChangePercent() == null
            ? List.of()
            : s.costChangePercent().entrySet().stream()
                .filter(e -> e.getValue() != null)
                .sorted((a, b) -> Double.compare(Math.abs(b.getValue()), Math.abs(a.getValue())))
                .map(e -> String.format(Locale.ROOT, "%s %+.1f%%", e.getKey(), e.getValue()))
                .toList();
    if (throughput.isEmpty() && costs.isEmpty()) {
      return "";
    }
    String text = "; its last " + parts + ": ";
    if (!throughput.isEmpty()) {
      text += String.join(", ", throughput);
    }
    if (!costs.isEmpty()) {
      text +=
          (throughput.isEmpty() ? "" : "; ")
              + "cost per unit against the "
              + parts
              + " before: "
              + String.join(", ", costs);
    }
    return text;
  }

  /**
   * "; in its last batch the JIT compiler threads took 33% of the middleware's CPU": a JVM still
   * compiling when the warm-up ended makes the repetitions after it cheaper one by one; "" when
   * unread.
   */
  private static String lastJit(SteadyStateReport s, String part) {
    if (s.batchCostsPerUnit() == null) {
      return "";
    }
    List<Double> jit =
        s.batchCostsPerUnit().get(io.tunelab.core.stats.WarmupRule.jitSeries("middleware"));
    List<Double> cpu = s.batchCostsPerUnit().get("middleware");
    if (jit == null || cpu == null || jit.isEmpty() || jit.size() != cpu.size()) {
      return "";
    }
    Double j = jit.get(jit.size() - 1);
    Double c = cpu.get(cpu.size() - 1);
    if (j == null || c == null || c <= 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; in its last %s the JIT compiler threads took %.0f%% of the middleware's CPU",
        part,
        Math.min(100, 100 * j / c));
  }

  private static String spread(JvmSpread s) {
    return String.format(
        Locale.ROOT,
        "%d middleware JVM%s, CV within a JVM %s, between JVMs %s%s",
        s.jvms(),
        s.jvms() == 1 ? "" : "s",
        percent(s.cvWithinJvm()),
        percent(s.cvBetweenJvms()),
        s.betweenIncludesWithin() ? " (one repetition each: within-JVM noise included)" : "");
  }

  /** Medians of the counted repetitions' costs per order (or request) and noise, one row a step. */
  private static String costs(RunResult run) {
    StringBuilder md =
        new StringBuilder(
            "\n| step | CPU ms per unit: middleware / db / broker | WAL bytes per unit |"
                + " statements per unit | harness % of machine | steal % (max) |\n"
                + "| --- | --- | ---: | ---: | ---: | ---: |\n");
    boolean any = false;
    for (StepResult step : run.steps()) {
      List<Repetition> counted = StepResult.counted(step.repetitions());
      if (counted.stream().allMatch(r -> r.workCost() == null)) {
        continue;
      }
      any = true;
      md.append("| ")
          .append(step.name())
          .append(" | ")
          .append(cpu(counted, TierName.MIDDLEWARE))
          .append(" / ")
          .append(cpu(counted, TierName.DB))
          .append(" / ")
          .append(cpu(counted, TierName.BROKER))
          .append(" | ")
          .append(
              median(
                  counted,
                  r -> r.workCost() == null ? null : r.workCost().walBytesPerUnit(),
                  "%.0f"))
          .append(" | ")
          .append(
              median(
                  counted,
                  r -> r.workCost() == null ? null : r.workCost().statementsPerUnit(),
                  "%.1f"))
          .append(" | ")
          .append(
              median(
                  counted,
                  r -> r.harnessCost() == null ? null : r.harnessCost().harnessSharePercent(),
                  "%.1f"))
          .append(" | ")
          .append(maxSteal(step.repetitions()))
          .append(" |\n");
    }
    return any
        ? md.append(
                "\nUnits are completed orders (batch-order), answered requests"
                    + " (concurrent-soap, sort-requests) or finished messages (messaging); less"
                    + " noisy than throughput, since a slowed run does the same work per unit.\n")
            .toString()
        : "";
  }

  private static String cpu(List<Repetition> counted, TierName tier) {
    return median(
        counted,
        r -> r.workCost() == null ? null : r.workCost().cpuMillisPerUnit().get(tier.label()),
        "%.1f");
  }

  private static String maxSteal(List<Repetition> all) {
    return all.stream()
        .map(
            r ->
                r.measures().window() != null
                    ? r.measures().window().stealPercent()
                    : r.machineNoise() == null ? null : r.machineNoise().stealPercentOfMachine())
        .filter(Objects::nonNull)
        .max(Double::compare)
        .map(v -> String.format(Locale.ROOT, "%.1f", v))
        .orElse("-");
  }

  private static String median(List<Repetition> reps, Function<Repetition, Double> f, String fmt) {
    List<Double> values = reps.stream().map(f).filter(Objects::nonNull).sorted().toList();
    if (values.isEmpty()) {
      return "-";
    }
    int n = values.size();
    double median =
        n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    return String.format(Locale.ROOT, fmt, median);
  }

  private static String percent(Double fraction) {
    return fraction == null ? "unknown" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  /** Numbers as a person writes them: no trailing zeros. */
  private static final class Knobless {
    static String format(double value) {
      return value == Math.rint(value)
          ? Long.toString((long) value)
          : String.format(Locale.ROOT, "%s", value);
    }
  }
}
