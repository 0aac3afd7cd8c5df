package io.tunelab.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads an experiment's {@code repeat}, {@code jvm} and {@code order} with the command line's
 * overrides, strictly, into {@link Repetitions}.
 */
final class RepetitionsReader {
  private static final List<String> ADAPTIVE_FIELDS = List.of("min", "max", "halfWidthPercent");

  private RepetitionsReader() {}

  static Repetitions read(JsonNode root, Where top, ProtocolOverrides protocol) {
    Repetitions.Jvm jvm =
        protocol
            .jvm()
            .orElseGet(
                () ->
                    root.has("jvm")
                        ? choice(root.get("jvm"), top.child("jvm"), Repetitions.Jvm.values())
                        : Repetitions.Jvm.SHARED);
    Repetitions.Order order =
        protocol
            .order()
            .orElseGet(
                () ->
                    root.has("order")
                        ? choice(root.get("order"), top.child("order"), Repetitions.Order.values())
                        : Repetitions.Order.SEQUENTIAL);
    if (protocol.repeat().isPresent()) {
      int n = protocol.repeat().getAsInt();
      if (n < 1 || n > ExperimentReader.MAX_REPEAT) {
        throw new BadInputException(
            "--repeat must be 1.." + ExperimentReader.MAX_REPEAT + ", was " + n);
      }
      return new Repetitions(n, n, 0, jvm, order);
    }
    JsonNode repeat = root.get("repeat");
    Where at = top.child("repeat");
    if (repeat == null) {
      int n = ExperimentReader.DEFAULT_REPEAT;
      return new Repetitions(n, n, 0, jvm, order);
    }
    if (!repeat.isObject()) {
      int n = at.integer(repeat, 1, ExperimentReader.MAX_REPEAT);
      return new Repetitions(n, n, 0, jvm, order);
    }
    return adaptive(repeat, at, jvm, order);
  }

  private static Repetitions adaptive(
      JsonNode repeat, Where at, Repetitions.Jvm jvm, Repetitions.Order order) {
    at.object(repeat, ADAPTIVE_FIELDS);
    for (String field : ADAPTIVE_FIELDS) {
      if (!repeat.has(field)) {
        throw at.bad(
            "an adaptive repeat needs min, max and halfWidthPercent, e.g. {min: 3, max: 10,"
                + " halfWidthPercent: 3}; "
                + field
                + " is missing");
      }
    }
    int min = at.child("min").integer(repeat.get("min"), 2, ExperimentReader.MAX_REPEAT);
    int max = at.child("max").integer(repeat.get("max"), min, ExperimentReader.MAX_REPEAT);
    JsonNode width = repeat.get("halfWidthPercent");
    if (!width.isNumber() || width.asDouble() <= 0 || width.asDouble() > 100) {
      throw at.child("halfWidthPercent")
          .bad(
              "must be a number in (0, 100], the target half-width of the throughput's 95%"
                  + " interval in % of its mean, was "
                  + width.asText());
    }
    return new Repetitions(min, max, width.asDouble(), jvm, order);
  }

  private static <E extends Enum<E>> E choice(JsonNode node, Where at, E[] values) {
    String text = at.text(node);
    return Arrays.stream(values)
        .filter(v -> v.name().toLowerCase(Locale.ROOT).equals(text))
        .findFirst()
        .orElseThrow(
            () ->
                at.bad(
                    "must be one of "
                        + Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).toList()
                        + ", was '"
                        + text
                        + "'"));
  }
}
