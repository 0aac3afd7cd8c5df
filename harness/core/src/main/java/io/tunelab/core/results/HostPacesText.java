package io.tunelab.core.results;

import io.tunelab.core.cost.MachineNoise;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The host a run met, in summary.md: the medians over its repetitions' windows of the cores', the
 * memory's and the kernel's paces ({@link MachineNoise}). Absolute numbers from two runs compare
 * only when these agree: on 2026-11-30 the sort hub's requests cost 2 to 3 times the CPU of a
 * record made on another host a week before, with the same statements and the same compute and
 * memory paces, and only the kernel's price of a round trip told the hosts apart
 * (docs/sort-hub.md).
 */
final class HostPacesText {
  private HostPacesText() {}

  /** "The host's paces ... ." with a leading newline; empty when no repetition read any. */
  static String of(RunResult run) {
    List<MachineNoise> noises =
        run.steps().stream()
            .flatMap(step -> step.repetitions().stream())
            .map(Repetition::machineNoise)
            .filter(Objects::nonNull)
            .toList();
    String cores = median(noises, MachineNoise::hostPaceMicros, "cores %.0f us");
    String memory = median(noises, MachineNoise::memoryPaceMicros, "memory %,.0f us");
    String trip =
        median(noises, MachineNoise::roundTripPaceMicros, "a round trip between threads %.1f us");
    List<String> read = Stream.of(cores, memory, trip).filter(s -> !s.isEmpty()).toList();
    if (read.isEmpty()) {
      return "";
    }
    return "\nThe host's paces through the measured windows (medians of the repetitions'): "
        + String.join(", ", read)
        + " of CPU (docs/measurement.md). Compare absolute numbers with another run's only where"
        + " these agree; steps within this run met the same host.\n";
  }

  private static String median(
      List<MachineNoise> noises, Function<MachineNoise, Double> pace, String format) {
    double[] values =
        noises.stream()
            .map(pace)
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .sorted()
            .toArray();
    if (values.length == 0) {
      return "";
    }
    int n = values.length;
    double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return String.format(Locale.ROOT, format, median);
  }
}
