package io.tunelab.core.knobs;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Knob values that each pass their own check but cannot work together. The registry holds every
 * rule, and a run checks them over all its steps before any tier starts.
 *
 * @param doc one line for the reference page: what must hold
 * @param knobs the knobs the rule reads, for the reference page
 * @param violation the problem and its fix when a knob set breaks the rule, empty when it holds
 */
public record KnobRule(
    String doc, List<Knob<?>> knobs, Function<KnobSet, Optional<String>> violation) {
  public KnobRule {
    Objects.requireNonNull(doc, "doc");
    Objects.requireNonNull(violation, "violation");
    knobs = List.copyOf(knobs);
  }

  /** What is wrong with {@code set} and how to fix it, or empty when the rule holds. */
  public Optional<String> check(KnobSet set) {
    return violation.apply(set);
  }
}
