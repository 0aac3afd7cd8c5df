package io.tunelab.core.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How a step's repetitions started and moved, in words for summary.md: whether each started from
 * the state the first did, and whether the throughput or a tier's cost per unit drifted along them.
 */
final class StepProtocolText {
  private StepProtocolText() {}

  /**
   * "every repetition started from the same state (digest ...)", or what differed; empty: unread.
   */
  static Optional<String> startState(StepResult step) {
    List<StartCheck> checks =
        step.repetitions().stream()
            .map(r -> r.protocolOrNone().startState())
            .filter(Objects::nonNull)
            .toList();
    if (checks.isEmpty()) {
      return Optional.empty();
    }
    List<Repetition> differed =
        step.repetitions().stream()
            .filter(r -> r.protocolOrNone().startState() != null)
            .filter(r -> !r.protocolOrNone().startState().same())
            .toList();
    if (differed.isEmpty()) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "every repetition started from the same state (tables, statistics, sequences, queues:"
                  + " digest %s, %d dead rows)",
              checks.get(0).digest(),
              checks.get(0).deadRows()));
    }
    Repetition first = differed.get(0);
    return Optional.of(
        String.format(
            Locale.ROOT,
            "START STATE DIFFERED in %d of %d repetitions from the first's (repetition %d: %s)",
            differed.size(),
            checks.size(),
            first.number(),
            String.join(", ", first.protocolOrNone().startState().differences())));
  }

  /**
   * "host probe 61.2 ms (59.8 to 63.0)": the host's speed before each repetition (the median and
   * range of their probes); empty when none was read.
   */
  static Optional<String> hostProbe(StepResult step) {
    double[] probes =
        step.repetitions().stream()
            .map(r -> r.protocolOrNone().hostProbeMillis())
            .filter(v -> v != null && !Double.isNaN(v))
            .mapToDouble(Double::doubleValue)
            .sorted()
            .toArray();
    if (probes.length == 0) {
      return Optional.empty();
    }
    double median =
        probes.length % 2 == 1
            ? probes[probes.length / 2]
            : (probes[probes.length / 2 - 1] + probes[probes.length / 2]) / 2;
    return Optional.of(
        probes.length == 1
            ? String.format(Locale.ROOT, "host probe %.1f ms", median)
            : String.format(
                Locale.ROOT,
                "host probe %.1f ms (%.1f to %.1f)",
                median,
                probes[0],
                probes[probes.length - 1]));
  }

  /** The drift test's outcome; empty under 3 counted repetitions. */
  static Optional<String> drift(StepResult step) {
    StepDrift drift = step.drift();
    if (drift == null) {
      return Optional.empty();
    }
    if (drift.drifted()) {
      StringBuilder text = new StringBuilder("DRIFT over its repetitions: ");
      for (int i = 0; i < drift.drifting().size(); i++) {
        String name = drift.drifting().get(i);
        StepDrift.Trend t = drift.series().get(name);
        text.append(i == 0 ? "" : ", ")
            .append(label(name))
            .append(String.format(Locale.ROOT, " %+.1f%%", t.firstToLastPercent()))
            .append(" first to last (Mann-Kendall p ")
            .append(ComparisonText.p(t.pAdjusted()))
            .append(" adjusted)");
      }
      tierMoves(drift).ifPresent(text::append);
      return Optional.of(
          text.append(
                  drift.drifting().contains("host")
                      ? ": repetitions that are not independent, on a host whose own speed moved"
                          + " (read each tier's cost against the probe)"
                      : ": repetitions that are not independent")
              .toString());
    }
    StringBuilder text = new StringBuilder("no drift (Mann-Kendall at 5%");
    for (String name : List.of("throughput", "cpu.stack", "host")) {
      StepDrift.Trend t = drift.series().get(name);
      if (t != null) {
        text.append(
            String.format(Locale.ROOT, "; %s %+.1f%%", label(name), t.firstToLastPercent()));
      }
    }
    return Optional.of(text.append(" first to last)").toString());
  }

  private static final List<String> TIERS = List.of("cpu.middleware", "cpu.db", "cpu.broker");

  /**
   * When the whole stack's cost drifted and no tier's trend is significant alone (five or six
   * repetitions rarely make one), each tier's move, so the reader still sees where it came from.
   */
  private static Optional<String> tierMoves(StepDrift drift) {
    if (!drift.drifting().contains("cpu.stack")
        || TIERS.stream().anyMatch(drift.drifting()::contains)) {
      return Optional.empty();
    }
    List<String> moves = new ArrayList<>();
    for (String tier : TIERS) {
      StepDrift.Trend t = drift.series().get(tier);
      if (t != null) {
        moves.add(
            String.format(Locale.ROOT, "%s %+.1f%%", tier.substring(4), t.firstToLastPercent()));
      }
    }
    return moves.isEmpty()
        ? Optional.empty()
        : Optional.of("; by tier, none significant alone: " + String.join(", ", moves));
  }

  /** A series' name in words. */
  static String label(String series) {
    return switch (series) {
      case "throughput" -> "throughput";
      case "cpu.stack" -> "the stack's CPU per unit";
      case "walBytes" -> "WAL per unit";
      case "statements" -> "statements per unit";
      case "host" -> "the host's probe time";
      default -> series.startsWith("cpu.") ? series.substring(4) + " CPU per unit" : series;
    };
  }
}
