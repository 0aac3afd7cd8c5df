package io.tunelab.core.studies;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a study run's knobs were beyond its file: the {@code --set}s that reproduce it, and the
 * knobs all its steps had that are not the registry's defaults.
 */
final class KnobOverrides {
  private KnobOverrides() {}

  /**
   * The knobs whose value every step of the run had over what the file gives it now, sorted by
   * name: what {@code --set} must say to measure the run again.
   *
   * @throws BadInputException when a knob differs in some steps only, or by different values: no
   *     {@code --set} explains that, so the file changed since the run
   */
  static Map<String, String> of(RunResult run, Experiment experiment) {
    Map<String, String> overrides = null;
    for (int i = 0; i < run.steps().size(); i++) {
      StepResult ran = run.steps().get(i);
      Map<String, String> planned = experiment.steps().get(i).knobs().resolved();
      Map<String, String> differs = new TreeMap<>();
      ran.knobs()
          .forEach(
              (knob, value) -> {
                if (planned.containsKey(knob) && !Objects.equals(planned.get(knob), value)) {
                  differs.put(knob, value);
                }
              });
      if (overrides == null) {
        overrides = differs;
      } else if (!overrides.equals(differs)) {
        throw new BadInputException(
            "run "
                + run.runId()
                + ": its knobs differ from "
                + experiment.file()
                + "'s in a way no --set explains (step "
                + run.steps().get(0).name()
                + ": "
                + overrides
                + ", step "
                + ran.name()
                + ": "
                + differs
                + "): the file changed since the run; record a run of the file as it is now");
      }
    }
    return overrides == null ? Map.of() : overrides;
  }

  /** The knobs every step had, with a value other than the registry's default, sorted by name. */
  static Map<String, String> common(RunResult run) {
    Map<String, String> defaults = KnobSet.defaults().resolved();
    Map<String, String> common = new TreeMap<>();
    List<StepResult> steps = run.steps();
    if (steps.isEmpty() || steps.get(0).knobs() == null) {
      return common;
    }
    steps
        .get(0)
        .knobs()
        .forEach(
            (knob, value) -> {
              boolean everyStep = steps.stream().allMatch(s -> value.equals(s.knobs().get(knob)));
              if (everyStep && !value.equals(defaults.get(knob))) {
                common.put(knob, value);
              }
            });
    return common;
  }
}
