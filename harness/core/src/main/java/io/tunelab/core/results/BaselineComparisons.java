package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every step's throughput against the baseline step's ({@link StepResult#vsBaseline()}). The steps
 * of a run are one family: a ladder or a matrix of k steps makes k - 1 comparisons at once, and
 * with 7 of them at 5% each the chance of one false "better" would be 30%, so their p-values are
 * Holm-adjusted together. While the run goes on, the family is the steps that ran so far; the
 * finished run.json holds the adjustment over all of them.
 */
final class BaselineComparisons {
  private BaselineComparisons() {}

  /** The steps, each but the baseline with its comparison; unchanged when no baseline ran yet. */
  static List<StepResult> apply(List<StepResult> steps, String baseline) {
    Optional<StepResult> base =
        steps.stream()
            .filter(s -> s.name().equals(baseline) && !s.repetitions().isEmpty())
            .findFirst();
    List<StepResult> out = new ArrayList<>(steps);
    if (base.isEmpty()) {
      return out;
    }
    List<Integer> compared = new ArrayList<>();
    List<Comparison> family = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      StepResult step = steps.get(i);
      if (step == base.get()) {
        continue;
      }
      Optional<Comparison> c = ComparedMetric.THROUGHPUT.compare(base.get(), step, true);
      if (c.isPresent()) {
        compared.add(i);
        family.add(c.get());
      }
    }
    List<Comparison> adjusted = Comparison.holm(family);
    for (int k = 0; k < compared.size(); k++) {
      int i = compared.get(k);
      out.set(i, steps.get(i).withVsBaseline(adjusted.get(k)));
    }
    return out;
  }
}
