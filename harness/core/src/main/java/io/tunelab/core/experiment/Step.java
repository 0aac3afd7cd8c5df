package io.tunelab.core.experiment;

import io.tunelab.core.knobs.KnobSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One step of an experiment: a name and the full knob set it runs with.
 *
 * @param name unique within the experiment; a ladder step's own name, or derived from the values of
 *     a matrix or sweep point ({@code consumers.createSubscriptions=4})
 * @param changes what this step sets on top of the experiment's common knobs, as text: for a ladder
 *     step its own changes (the earlier steps' stay in effect), for a matrix or sweep point its
 *     values
 * @param knobs every knob resolved: defaults, then the experiment, then the command line
 */
public record Step(String name, Map<String, String> changes, KnobSet knobs) {
  public Step {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(knobs, "knobs");
    changes = Collections.unmodifiableMap(new LinkedHashMap<>(changes));
  }

  /** The step's name as a folder name: letters, digits and {@code . _ = + -}, others as '_'. */
  public String folderName() {
    return name.replaceAll("[^A-Za-z0-9._=+-]", "_");
  }
}
