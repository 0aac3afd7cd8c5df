package io.tunelab.core.knobs;

import java.util.Locale;

/**
 * A value of a choice knob: an enum constant with the word users write for it (in lower case by
 * default), so code compares constants and never literals.
 */
public interface KnobChoice {
  /** The word in YAML, {@code --set}, settings files and results. */
  default String label() {
    return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
  }
}
