package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.bench.Check;
import io.tunelab.core.bench.Gate;
import io.tunelab.core.bench.GateCase;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.results.RunResult;
import java.io.PrintWriter;
import java.util.List;

/**
 * {@code run --threshold}: the thresholds a run's steps must meet, read before anything starts and
 * judged once it ended; a relative one compares each step with the run's own baseline step.
 */
final class RunGate {
  private RunGate() {}

  /**
   * Reads the thresholds; one on a step the experiment does not have is bad input.
   *
   * @throws BadInputException naming the threshold and the form it takes, or the steps there are
   */
  static List<StepThreshold> read(List<String> texts, Experiment experiment) {
    List<StepThreshold> gate =
        texts.stream().map(t -> StepThreshold.parse(t, "--threshold")).toList();
    List<String> steps = experiment.steps().stream().map(Step::name).toList();
    for (StepThreshold t : gate) {
      if (!t.step().equals(StepThreshold.EVERY_STEP) && !steps.contains(t.step())) {
        throw new BadInputException(
            "--threshold '"
                + t.step()
                + ": "
                + t.threshold().text()
                + "': the experiment has no step '"
                + t.step()
                + "' (its steps: "
                + String.join(", ", steps)
                + ")");
      }
    }
    return gate;
  }

  /** Judges the run, prints the checks and returns whether every one passed (true for none). */
  static boolean judge(RunResult run, List<StepThreshold> gate, PrintWriter out) {
    if (gate.isEmpty()) {
      return true;
    }
    List<Check> checks =
        Gate.evaluate(
            List.of(GateCase.againstItsStep(run.experiment(), run, run.baseline(), gate)));
    out.print(GateText.of(checks));
    out.flush();
    return checks.stream().allMatch(c -> c.status() == Check.Status.PASS);
  }
}
