package io.tunelab.core.findings;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.knobs.Knob;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A change a finding proposes, for an engineer or a tuner to try next: one knob, which way it
 * moves, and for a knob of named values the values to try. The finding's evidence is why it was
 * proposed; its message says the same in words.
 *
 * @param knob the knob's name, e.g. {@code middleware.engine.threads}
 * @param move {@link Move#RAISE} or {@link Move#LOWER}: a number searched from the run's value;
 *     {@link Move#SET}: each of {@code values} tried in order
 * @param values for {@link Move#SET}, the values to try, as the knob writes them; else empty
 * @param needs other knobs' settings without which the change takes no effect, tried with it where
 *     the configuration does not meet them: a number at least this, any other value exactly (bind
 *     variables reuse no plan while pgjdbc prepares nothing on the server: the sort hub's bind step
 *     alone changed nothing, 0.986x of the database's CPU per request, together with the statement
 *     cache it halved it); empty for most
 */
public record Candidate(
    String knob,
    Move move,
    List<String> values,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> needs) {
  /** Which way a candidate moves its knob. */
  public enum Move {
    /** A number up: doubled while that helps, then bisected between the last two values. */
    RAISE,
    /** A number down: halved while that helps, then bisected between the last two values. */
    LOWER,
    /** One of a few values (on/off, a policy, a level), tried in the order given. */
    SET
  }

  public Candidate {
    Objects.requireNonNull(knob, "knob");
    Objects.requireNonNull(move, "move");
    values = values == null ? List.of() : List.copyOf(values);
    needs = needs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(needs));
    if ((move == Move.SET) == values.isEmpty()) {
      throw new IllegalArgumentException(
          "a candidate sets values or raises or lowers a number, not both: " + knob);
    }
    if (needs.containsKey(knob)) {
      throw new IllegalArgumentException("a candidate does not need its own knob: " + knob);
    }
  }

  /** A change that needs nothing else. */
  public Candidate(String knob, Move move, List<String> values) {
    this(knob, move, values, Map.of());
  }

  /**
   * This change, tried with {@code other} at {@code value} where the configuration does not meet it
   * (a number at least {@code value}, any other value exactly).
   */
  public <T> Candidate needing(Knob<T> other, T value) {
    Map<String, String> more = new LinkedHashMap<>(needs);
    more.put(other.name(), other.format(value));
    return new Candidate(knob, move, values, more);
  }

  /** Raise a numeric knob. */
  public static Candidate raise(Knob<?> knob) {
    return new Candidate(numeric(knob), Move.RAISE, List.of());
  }

  /** Lower a numeric knob. */
  public static Candidate lower(Knob<?> knob) {
    return new Candidate(numeric(knob), Move.LOWER, List.of());
  }

  /** Try {@code values} of {@code knob}, in this order. */
  @SafeVarargs
  public static <T> Candidate set(Knob<T> knob, T... values) {
    return new Candidate(knob.name(), Move.SET, Stream.of(values).map(knob::format).toList());
  }

  private static String numeric(Knob<?> knob) {
    if (!(knob.defaultValue() instanceof Number)) {
      throw new IllegalArgumentException(
          knob.name() + " is not a number: set its values instead of raising or lowering it");
    }
    return knob.name();
  }

  @Override
  public String toString() {
    String change =
        switch (move) {
          case RAISE -> knob + " up";
          case LOWER -> knob + " down";
          case SET -> knob + "=" + String.join(" or ", values);
        };
    return needs.isEmpty()
        ? change
        : change
            + " needing "
            + needs.entrySet().stream()
                .map(need -> need.getKey() + "=" + need.getValue())
                .collect(Collectors.joining(", "));
  }
}
