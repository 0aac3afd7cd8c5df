package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RoundPairs;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.UnitTally;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Estimate;
import io.tunelab.core.tune.TrialVerdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * What a kept change must improve, and what it must not make worse. Each goal is a metric of every
 * counted repetition compared round by round with the kept configuration's (paired when the trial
 * ran in rounds); the other metrics guard it: the throughput and p99 (whichever is not the goal),
 * the error rate, and the heap (a change that puts a JVM under GC pressure in most of its
 * repetitions where the kept one was not). An order lost or duplicated, or an invalid run, rejects
 * the change whatever the numbers.
 */
enum TuneGoal {
  /** The step's throughput against the kept one's, paired by round (the run's own comparison). */
  THROUGHPUT("throughput", "throughput"),
  /** The repetitions' p99 (lower is better). */
  P99("p99", "p99"),
  /**
   * Requests answered after the deadline or failed, in % of the requests (lower is better): the
   * sort hub's measure, where an open model's throughput is its arrival rate while it keeps up.
   */
  DEADLINE_MISSES("deadline-misses", "deadline misses"),
  /** CPU of the middleware, database and broker per completed unit (lower is better). */
  COST("cost", "cpu per unit");

  private final String key;
  private final String label;

  TuneGoal(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** Its name on the command line and in tune.json, e.g. {@code deadline-misses}. */
  String key() {
    return key;
  }

  /**
   * The finding that measures this goal's own shortfall, whose candidates are tried first; null
   * when no one finding does.
   */
  FindingKind ownFinding() {
    return this == DEADLINE_MISSES ? FindingKind.DEADLINE_MISSES : null;
  }

  /** Its name in a verdict, e.g. {@code cpu per unit}. */
  String label() {
    return label;
  }

  /** The goal named {@code key}, as written on the command line. */
  static TuneGoal of(String key) {
    for (TuneGoal goal : values()) {
      if (goal.key.equalsIgnoreCase(key.strip())) {
        return goal;
      }
    }
    throw new BadInputException(
        "--goal is one of throughput, p99, deadline-misses, cost; was '" + key + "'");
  }

  /**
   * Refuses a goal the experiment's plan does not measure, before anything runs.
   *
   * @param source the experiment's file, for the message
   */
  void requireMeasuredBy(Plan plan, String source) {
    if (this == DEADLINE_MISSES && !plan.hasDeadline()) {
      throw new BadInputException(
          source
              + ": --goal deadline-misses reads the answers' deadline, and this experiment's"
              + " plan, "
              + plan.yamlName()
              + ", has none: use --goal throughput or p99 (or cost), or a plan with a deadline ("
              + deadlinePlans()
              + ")");
    }
  }

  /**
   * B's goal metric against A's, B the change and A what was kept; null when a counted repetition
   * lacks it.
   */
  Comparison compare(StepResult a, StepResult b) {
    if (missing(a, b).isPresent()) {
      return null;
    }
    return switch (this) {
      case THROUGHPUT -> b.vsBaseline();
      case P99 -> metric(a, b, r -> some(r.metrics().latencyMillis().p99()));
      case DEADLINE_MISSES -> metric(a, b, TuneGoal::missPercent);
      case COST -> metric(a, b, TuneGoal::stackCpuPerUnit);
    };
  }

  /** Whether the change measured as {@code b} against {@code a} in {@code run} is kept. */
  TrialVerdict verdict(RunResult run, StepResult a, StepResult b) {
    List<String> failures = new ArrayList<>();
    String units = Plan.of(run.plan()).map(plan -> plan.unit().plural()).orElse("units");
    for (StepResult step : List.of(a, b)) {
      UnitTally tally = step.tally();
      if (tally != null && tally.lost() > 0) {
        failures.add(tally.lost() + " " + units + " lost (" + step.name() + ")");
      }
      if (tally != null && tally.duplicated() > 0) {
        failures.add(tally.duplicated() + " " + units + " duplicated (" + step.name() + ")");
      }
    }
    if (!run.valid() && failures.isEmpty()) {
      failures.add("the trial's run is invalid (" + run.runId() + ")");
    }
    if (b.vsBaseline() == null) {
      failures.add("no comparison with the kept configuration");
    }
    missing(a, b).ifPresent(failures::add);
    if (!failures.isEmpty()) {
      return new TrialVerdict(false, "not kept: " + String.join(", ", failures));
    }
    Map<String, Comparison> guards = new LinkedHashMap<>();
    if (this != THROUGHPUT) {
      guards.put(THROUGHPUT.label, THROUGHPUT.compare(a, b));
    }
    if (this != P99) {
      guards.put(P99.label, P99.compare(a, b));
    }
    guards.put("errors", metric(a, b, r -> some(r.metrics().errors())));
    return TrialVerdict.of(label, compare(a, b), guards, heapPressure(a, b), List.of());
  }

  /**
   * Why {@code step} leaves this goal nothing to gain, or empty: deadline misses at 0 in every
   * counted repetition (no change can miss fewer, and trials of it would all be within noise at 0
   * against 0, as after a sort hub tune's first trial). The other goals have no floor.
   */
  Optional<String> floor(StepResult step) {
    if (this != DEADLINE_MISSES) {
      return Optional.empty();
    }
    List<Repetition> counted = StepResult.counted(step.repetitions());
    boolean none =
        !counted.isEmpty()
            && counted.stream()
                .allMatch(r -> missPercent(r).isPresent() && missPercent(r).getAsDouble() == 0);
    return none
        ? Optional.of(
            "no deadline was missed in any of "
                + (counted.size() == 1
                    ? "its repetition"
                    : "its " + counted.size() + " repetitions")
                + " ("
                + step.name()
                + ")")
        : Optional.empty();
  }

  /** Why the goal cannot be read in every counted repetition of a side, or empty. */
  private Optional<String> missing(StepResult a, StepResult b) {
    Function<Repetition, OptionalDouble> value =
        switch (this) {
          case DEADLINE_MISSES -> TuneGoal::missPercent;
          case COST -> TuneGoal::stackCpuPerUnit;
          default -> r -> some(0);
        };
    for (StepResult step : List.of(a, b)) {
      for (Repetition r : StepResult.counted(step.repetitions())) {
        if (r.metrics() == null || value.apply(r).isEmpty()) {
          return Optional.of(
              label
                  + " not measured in "
                  + step.name()
                  + " rep "
                  + r.number()
                  + (this == COST
                      ? " (the stack's CPU per unit needs the observer: no --no-observe)"
                      : " (no deadline counted)"));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * A JVM under GC pressure (the GC_PRESSURE finding) in most of B's counted repetitions where it
   * was not in most of A's: the studies' heap story, where a faster setting filled the heap.
   */
  static List<String> heapPressure(StepResult a, StepResult b) {
    Map<String, Integer> before = pressured(a);
    Map<String, Integer> after = pressured(b);
    int na = StepResult.counted(a.repetitions()).size();
    int nb = StepResult.counted(b.repetitions()).size();
    List<String> worse = new ArrayList<>();
    after.forEach(
        (tier, count) -> {
          int was = before.getOrDefault(tier, 0);
          if (2 * count > nb && 2 * was <= na) {
            worse.add(
                String.format(
                    Locale.ROOT,
                    "heap: %s under GC pressure in %d of %d repetitions (%d of %d before)",
                    tier,
                    count,
                    nb,
                    was,
                    na));
          }
        });
    return worse;
  }

  /** Counted repetitions with a GC_PRESSURE finding, per JVM named. */
  private static Map<String, Integer> pressured(StepResult step) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (Repetition r : StepResult.counted(step.repetitions())) {
      if (r.findings() == null) {
        continue;
      }
      r.findings().stream()
          .filter(f -> f.kind() == FindingKind.GC_PRESSURE)
          .map(Finding::subject)
          .distinct()
          .forEach(tier -> out.merge(tier, 1, Integer::sum));
    }
    return out;
  }

  /** A metric of each counted repetition, B against A, paired by round when they ran in rounds. */
  private Comparison metric(
      StepResult a, StepResult b, Function<Repetition, OptionalDouble> value) {
    Function<Repetition, Estimate> estimate =
        r -> Estimate.of(value.apply(r).orElseThrow(() -> new IllegalStateException(label)));
    return RoundPairs.compare(
        StepResult.counted(a.repetitions()),
        StepResult.counted(b.repetitions()),
        estimate,
        Direction.LOWER_IS_BETTER,
        true);
  }

  private static OptionalDouble missPercent(Repetition r) {
    DeadlineMisses deadline = r.measures().deadline();
    return deadline == null ? OptionalDouble.empty() : some(deadline.missPercent());
  }

  private static OptionalDouble stackCpuPerUnit(Repetition r) {
    return r.workCost() == null ? OptionalDouble.empty() : some(r.workCost().sutCpuMillisPerUnit());
  }

  private static OptionalDouble some(double value) {
    return OptionalDouble.of(value);
  }

  private static String deadlinePlans() {
    return java.util.Arrays.stream(Plan.values())
        .filter(Plan::hasDeadline)
        .map(Plan::yamlName)
        .collect(java.util.stream.Collectors.joining(", "));
  }
}
