package io.tunelab.core.knobs;

import io.tunelab.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * One tuning knob: its name, type, default, the tier it acts on and how a change is applied.
 *
 * @param name dotted name, units in the last part where it has one ({@code latencyMillis})
 * @param type how its value is read and checked
 * @param defaultValue the value when nothing sets it
 * @param unit unit of the value, or empty
 * @param tier the tier the knob reaches
 * @param apply whether a change restarts the tier, is applied live, or applies to each run
 * @param doc one line: what it does
 * @param study the tuning study it comes from (see GLOSSARY), or empty
 * @param tradesDurabilityAt the values (as text) at which the knob trades durability for speed: a
 *     commit or a message that can be lost on a crash. A tuner tries them only when told it may
 *     ({@code tune --allow-durability}); empty for a knob that never does
 * @param <T> the Java type of the value
 */
public record Knob<T>(
    String name,
    KnobType<T> type,
    T defaultValue,
    String unit,
    KnobTier tier,
    Apply apply,
    String doc,
    String study,
    List<String> tradesDurabilityAt) {
  private static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[a-zA-Z0-9_]+)+");

  /** When a changed value takes effect. */
  public enum Apply {
    /** The tier restarts with the new value. */
    RESTART,
    /** Applied to the running tier (e.g. a mock's latency). */
    LIVE,
    /** Applied before each run (data preparation, workload). */
    PER_RUN
  }

  public Knob {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaultValue, "defaultValue");
    Objects.requireNonNull(tier, "tier");
    Objects.requireNonNull(apply, "apply");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("knob name must be dotted lower camel case: " + name);
    }
    unit = unit == null ? "" : unit;
    study = study == null ? "" : study;
    List<String> values = new ArrayList<>();
    for (String value : tradesDurabilityAt == null ? List.<String>of() : tradesDurabilityAt) {
      values.add(type.format(type.parse(value)));
    }
    tradesDurabilityAt = List.copyOf(values);
  }

  /** Whether {@code value} of this knob trades durability for speed. */
  public boolean tradesDurability(Object value) {
    return tradesDurabilityAt.contains(format(value));
  }

  /**
   * The value {@code text} stands for.
   *
   * @throws BadInputException naming the knob, the value and the allowed values
   */
  public T parse(String text) {
    if (text == null) {
      throw new BadInputException("knob " + name + " needs a value: " + type.allowed());
    }
    try {
      return type.parse(text);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "knob " + name + " must be " + type.allowed() + ", was '" + text + "'", e);
    }
  }

  /**
   * Builds one knob by name, so a declaration reads as what each value is. The tier's knob list
   * (its {@code KnobList}) starts it with the tier and the usual apply, and collects the knob on
   * {@link #add()}.
   */
  public static final class Builder<T> {
    private final String name;
    private final KnobType<T> type;
    private final T defaultValue;
    private final KnobTier tier;
    private final Consumer<Knob<?>> collector;
    private Apply apply;
    private String unit = "";
    private String doc = "";
    private String study = "";
    private List<String> tradesDurabilityAt = List.of();

    Builder(
        String name,
        KnobType<T> type,
        T defaultValue,
        KnobTier tier,
        Apply apply,
        Consumer<Knob<?>> collector) {
      this.name = name;
      this.type = type;
      this.defaultValue = defaultValue;
      this.tier = tier;
      this.apply = apply;
      this.collector = collector;
    }

    /** Unit of the value, e.g. {@code ms}, {@code threads}. */
    public Builder<T> unit(String value) {
      unit = value;
      return this;
    }

    /** When a change takes effect, where it differs from the tier's usual. */
    public Builder<T> apply(Apply value) {
      apply = value;
      return this;
    }

    /** One line: what the knob does. */
    public Builder<T> doc(String value) {
      doc = value;
      return this;
    }

    /** The tuning study it comes from (see GLOSSARY). */
    public Builder<T> study(String value) {
      study = value;
      return this;
    }

    /**
     * The values at which this knob trades durability for speed (a commit or a message a crash can
     * lose), e.g. {@code "off"}.
     */
    public Builder<T> tradesDurabilityAt(String... values) {
      tradesDurabilityAt = List.of(values);
      return this;
    }

    /** The knob, now in its tier's list. */
    public Knob<T> add() {
      if (doc.isBlank()) {
        throw new IllegalStateException("knob " + name + " has no doc line");
      }
      Knob<T> knob =
          new Knob<>(name, type, defaultValue, unit, tier, apply, doc, study, tradesDurabilityAt);
      collector.accept(knob);
      return knob;
    }
  }

  /** Text form of a value of this knob. */
  public String format(Object value) {
    return type.format(cast(value));
  }

  /** The default as text. */
  public String defaultText() {
    return type.format(defaultValue);
  }

  @SuppressWarnings("unchecked")
  T cast(Object value) {
    return (T) value;
  }
}
