package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * More of a knob, less throughput: across the steps of one run that differ only in one numeric knob
 * (a ladder, or a row of a matrix), the steps set higher than the fastest one, each tested against
 * it. A step significantly slower is past the peak: the knob's retrograde region (for threads on
 * one queue, the studied messaging server's "too many threads lose throughput"). The family of
 * every such test in the run is Holm-adjusted together, so a wide matrix does not find a loss by
 * chance. Steps set lower than the peak are not compared: being slower there is the rise to the
 * peak, not a loss.
 *
 * @param knob the knob the steps differ in
 * @param peakValue its value at the fastest step
 * @param peakStep the fastest step's name
 * @param value its value at the slower step
 * @param step the slower step's name
 * @param comparison the slower step's throughput against the peak's, Holm-adjusted over the run
 */
public record ScalingLoss(
    String knob,
    String peakValue,
    String peakStep,
    String value,
    String step,
    Comparison comparison) {

  /** Every significant loss past a peak among the steps; empty when none. */
  public static List<ScalingLoss> of(List<StepResult> steps) {
    List<ScalingLoss> tested = new ArrayList<>();
    for (Map.Entry<String, List<StepResult>> row : rows(steps).entrySet()) {
      String knob = row.getKey().substring(0, row.getKey().indexOf('\n'));
      tested.addAll(pastPeak(knob, row.getValue()));
    }
    List<Comparison> adjusted =
        Comparison.holm(tested.stream().map(ScalingLoss::comparison).toList());
    List<ScalingLoss> losses = new ArrayList<>();
    for (int i = 0; i < tested.size(); i++) {
      Comparison c = adjusted.get(i);
      if (c.verdict() == Comparison.Verdict.WORSE) {
        ScalingLoss t = tested.get(i);
        losses.add(new ScalingLoss(t.knob, t.peakValue, t.peakStep, t.value, t.step, c));
      }
    }
    return List.copyOf(losses);
  }

  /**
   * The steps grouped by the knob they vary in and the values of every other knob: a group key is
   * the knob, a newline, then the other knobs. Only groups of three or more steps are a curve with
   * a peak inside it; two steps make a plain comparison, which the baseline table already shows.
   */
  private static Map<String, List<StepResult>> rows(List<StepResult> steps) {
    Map<String, List<StepResult>> rows = new LinkedHashMap<>();
    for (int i = 0; i < steps.size(); i++) {
      for (int j = i + 1; j < steps.size(); j++) {
        Optional<String> knob = onlyDifference(steps.get(i), steps.get(j));
        if (knob.isEmpty()) {
          continue;
        }
        Map<String, String> others = new TreeMap<>(steps.get(i).knobs());
        others.remove(knob.get());
        String key = knob.get() + "\n" + others;
        List<StepResult> row = rows.computeIfAbsent(key, k -> new ArrayList<>());
        for (StepResult s : List.of(steps.get(i), steps.get(j))) {
          if (!row.contains(s)) {
            row.add(s);
          }
        }
      }
    }
    rows.values().removeIf(row -> row.size() < 3);
    return rows;
  }

  /** The one knob the two steps set differently when it is numeric in both; empty otherwise. */
  private static Optional<String> onlyDifference(StepResult a, StepResult b) {
    if (a.knobs() == null || b.knobs() == null || !a.knobs().keySet().equals(b.knobs().keySet())) {
      return Optional.empty();
    }
    String differing = null;
    for (Map.Entry<String, String> e : a.knobs().entrySet()) {
      if (!e.getValue().equals(b.knobs().get(e.getKey()))) {
        if (differing != null) {
          return Optional.empty();
        }
        differing = e.getKey();
      }
    }
    if (differing == null
        || number(a.knobs().get(differing)).isEmpty()
        || number(b.knobs().get(differing)).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(differing);
  }

  private static List<ScalingLoss> pastPeak(String knob, List<StepResult> row) {
    List<StepResult> measured =
        row.stream()
            .filter(s -> s.metrics() != null)
            .sorted(Comparator.comparing(s -> number(s.knobs().get(knob)).orElseThrow()))
            .toList();
    if (measured.size() < 3) {
      return List.of();
    }
    StepResult peak =
        measured.stream()
            .max(Comparator.comparingDouble(s -> s.metrics().throughputPerMinute()))
            .orElseThrow();
    List<ScalingLoss> tested = new ArrayList<>();
    boolean past = false;
    for (StepResult s : measured) {
      if (past) {
        Optional<Comparison> c = ComparedMetric.THROUGHPUT.compare(peak, s, true);
        c.ifPresent(
            comparison ->
                tested.add(
                    new ScalingLoss(
                        knob,
                        peak.knobs().get(knob),
                        peak.name(),
                        s.knobs().get(knob),
                        s.name(),
                        comparison)));
      }
      past |= s == peak;
    }
    return tested;
  }

  /** One line of summary.md, in the words of the knob's study where it has one. */
  public String text() {
    String why =
        CONTENTION.entrySet().stream()
            .filter(e -> knob.equals(e.getKey()) || knob.startsWith(e.getKey() + "."))
            .map(Map.Entry::getValue)
            .findFirst()
            .orElse("more of it cost throughput instead of adding it");
    return String.format(
        Locale.ROOT,
        "`%s` = %s (%s) finished %s of %s's throughput at %s: %s; keep %s",
        knob,
        value,
        step,
        ComparisonText.brief(comparison),
        peakStep,
        peakValue,
        why,
        peakValue);
  }

  private static final Map<String, String> CONTENTION =
      Map.of(
          "middleware.messaging.dequeueThreads",
              "too many dequeue threads on one queue lose throughput (they contend for the queue,"
                  + " the pool's connections and the CPU)",
          "middleware.messaging.queues",
              "more queues on one broker and one database only split the same resources",
          "workload.threads", "more client threads than the stack can serve only queue and contend",
          "middleware.consumers",
              "more consumers than the stage's resources contend for the same database and CPU");

  private static Optional<BigDecimal> number(String value) {
    try {
      return Optional.of(new BigDecimal(value.trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
