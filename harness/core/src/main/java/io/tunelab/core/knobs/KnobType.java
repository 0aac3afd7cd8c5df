package io.tunelab.core.knobs;

/**
 * How a knob's value is read from text (YAML scalar or {@code --set name=value}), checked and
 * written back.
 *
 * @param <T> the Java type of the value
 */
public interface KnobType<T> {
  /**
   * The value {@code text} stands for.
   *
   * @throws IllegalArgumentException with a short reason; {@link Knob#parse} adds the knob name and
   *     {@link #allowed()}
   */
  T parse(String text);

  /** The text form of a value, which {@link #parse} reads back to an equal value. */
  String format(T value);

  /** The allowed values in words, e.g. {@code an integer 1..512} or {@code one of on, off}. */
  String allowed();

  /** The type's name in docs: integer, decimal, boolean, choice, latency, text, size, duration. */
  String kind();
}
