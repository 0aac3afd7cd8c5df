package io.tunelab.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads an experiment's {@code repeat}, {@code jvm} and {@code order} with the command line's
 * overrides, strictly, into {@link Repetitions}. The order is interleaved unless the file or the
 * command line says sequential.
 */
final class RepetitionsReader {
  private static final List<String> ADAPTIVE_FIELDS =
      List.of("min", "max", "mdePercent", "maxMinutes", "halfWidthPercent");

  /** The most repetitions a step gets when {@code --mde} makes a fixed count adaptive. */
  static final int MDE_MAX = 100;

  /** The time cap {@code --mde} sets when neither the command line nor the file gives one. */
  static final int MDE_DEFAULT_MINUTES = 30;

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
                        : Repetitions.Order.INTERLEAVED);
    return withPrecision(counted(root, top, protocol, jvm, order), protocol);
  }

  private static Repetitions counted(
      JsonNode root,
      Where top,
      ProtocolOverrides protocol,
      Repetitions.Jvm jvm,
      Repetitions.Order order) {
    if (protocol.repeat().isPresent()) {
      int n = protocol.repeat().getAsInt();
      if (n < 1 || n > ExperimentReader.MAX_REPEAT) {
        throw new BadInputException(
            "--repeat must be 1.." + ExperimentReader.MAX_REPEAT + ", was " + n);
      }
      return new Repetitions(n, n, 0, 0, jvm, order);
    }
    JsonNode repeat = root.get("repeat");
    Where at = top.child("repeat");
    if (repeat == null) {
      int n = ExperimentReader.DEFAULT_REPEAT;
      return new Repetitions(n, n, 0, 0, jvm, order);
    }
    if (!repeat.isObject()) {
      int n = at.integer(repeat, 1, ExperimentReader.MAX_REPEAT);
      return new Repetitions(n, n, 0, 0, jvm, order);
    }
    return adaptive(repeat, at, jvm, order);
  }

  /**
   * {@code --mde} makes any count adaptive (its count the fewest, up to {@value #MDE_MAX} a step);
   * {@code --time-cap} replaces the cap.
   */
  private static Repetitions withPrecision(Repetitions r, ProtocolOverrides protocol) {
    if (protocol.mdePercent().isPresent()) {
      double mde = protocol.mdePercent().getAsDouble();
      if (!(mde > 0 && mde <= 100)) {
        throw new BadInputException(
            "--mde must be a percentage in (0, 100], e.g. --mde 5%, was " + mde);
      }
      int min = Math.max(2, r.min());
      r =
          new Repetitions(
              min,
              Math.max(min + 1, Math.max(r.max(), MDE_MAX)),
              mde,
              r.maxMinutes() > 0 ? r.maxMinutes() : MDE_DEFAULT_MINUTES,
              r.jvm(),
              r.order());
    }
    if (protocol.maxMinutes().isPresent()) {
      int minutes = protocol.maxMinutes().getAsInt();
      if (minutes < 1 || minutes > 7 * 24 * 60) {
        throw new BadInputException(
            "--time-cap must be 1 minute to 7 days, e.g. --time-cap 10m, was " + minutes + " min");
      }
      r = r.withMaxMinutes(minutes);
    }
    return r;
  }

  private static Repetitions adaptive(
      JsonNode repeat, Where at, Repetitions.Jvm jvm, Repetitions.Order order) {
    at.object(repeat, ADAPTIVE_FIELDS);
    if (repeat.has("halfWidthPercent")) {
      throw at.child("halfWidthPercent")
          .bad(
              "is replaced by mdePercent, the smallest change (% of the baseline) every"
                  + " comparison must be able to detect, e.g. {min: 3, max: 30, mdePercent: 5,"
                  + " maxMinutes: 10}: one stopping rule, on what the comparisons can tell");
    }
    for (String field : List.of("min", "max", "mdePercent")) {
      if (!repeat.has(field)) {
        throw at.bad(
            "an adaptive repeat needs min, max and mdePercent (maxMinutes is optional), e.g."
                + " {min: 3, max: 30, mdePercent: 5, maxMinutes: 10}; "
                + field
                + " is missing");
      }
    }
    int min = at.child("min").integer(repeat.get("min"), 2, ExperimentReader.MAX_REPEAT);
    int max = at.child("max").integer(repeat.get("max"), min, ExperimentReader.MAX_REPEAT);
    JsonNode mde = repeat.get("mdePercent");
    if (!mde.isNumber() || mde.asDouble() <= 0 || mde.asDouble() > 100) {
      throw at.child("mdePercent")
          .bad(
              "must be a number in (0, 100], the largest minimum detectable effect a comparison"
                  + " may be left with, in % of the baseline, was "
                  + mde.asText());
    }
    int minutes =
        repeat.has("maxMinutes")
            ? at.child("maxMinutes").integer(repeat.get("maxMinutes"), 1, 7 * 24 * 60)
            : 0;
    return new Repetitions(min, max, mde.asDouble(), minutes, jvm, order);
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
