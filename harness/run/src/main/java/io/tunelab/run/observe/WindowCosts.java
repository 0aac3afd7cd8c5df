package io.tunelab.run.observe;

import io.tunelab.core.cost.CpuSample;
import io.tunelab.core.cost.CpuWindow;
import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.cost.WorkTotals;
import io.tunelab.core.findings.Point;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the measured window cost: the harness's CPU, the CPU outside the stack, and the system under
 * test's totals, which become a cost per unit once the runner tells its completed units. All empty
 * when no CPU sample covered the window.
 */
record WindowCosts(
    Optional<HarnessCost> harness, Optional<MachineNoise> noise, Optional<WorkTotals> work) {

  static WindowCosts none() {
    return new WindowCosts(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * @param samples every CPU reading of the run, warm-up included (integration leaves it out)
   * @param observerCpuNanos CPU of the observer's sampling thread in the measured window
   * @param hostPace the window's {@code host.pace} samples, CPU microseconds each
   * @param memoryPace the window's {@code host.memoryPace} samples, CPU microseconds each
   * @param roundTripPace the window's {@code host.roundTripPace} samples, CPU microseconds each
   */
  static WindowCosts of(
      List<CpuSample> samples,
      int cores,
      Window window,
      long observerCpuNanos,
      Optional<PgDelta> pg,
      MachineLoad load,
      List<Point> hostPace,
      List<Point> memoryPace,
      List<Point> roundTripPace) {
    CpuWindow cpu = CpuWindow.of(samples, cores, window.measuredFromMillis(), window.endMillis());
    if (!cpu.covered()) {
      return none();
    }
    WorkTotals work =
        WorkTotals.of(
            cpu,
            pg.flatMap(p -> boxed(p.walBytes())).orElse(null),
            pg.flatMap(p -> boxed(p.statementCalls())).orElse(null),
            pg.flatMap(p -> boxed(p.commits())).orElse(null));
    return new WindowCosts(
        Optional.of(HarnessCost.of(cpu, observerCpuNanos / 1e6)),
        MachineNoise.of(
            cpu,
            load.atStart(),
            load.atEnd(),
            load.idle(),
            median(hostPace),
            median(memoryPace),
            median(roundTripPace)),
        Optional.of(work));
  }

  /** The median of the points' values; null without points. */
  static Double median(List<Point> points) {
    if (points.isEmpty()) {
      return null;
    }
    double[] values = points.stream().mapToDouble(Point::value).sorted().toArray();
    int n = values.length;
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }

  private static Optional<Double> boxed(OptionalDouble value) {
    return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
  }
}
