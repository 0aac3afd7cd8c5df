package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** CPU per tier from the real /proc, with real busy processes. */
class CpuMeterIT {
  private Process busy;

  @AfterEach
  void stopBusy() throws Exception {
    if (busy != null) {
      busy.descendants().forEach(ProcessHandle::destroyForcibly);
      busy.destroyForcibly().waitFor();
    }
  }

  /**
   * Two readings around a stretch in which the busy tree used at least 0.3 s of CPU by the JDK's
   * own count; returns the second reading and that count in clock ticks.
   */
  private Measured measure(CpuMeter meter) {
    meter.read();
    long before = jdkTicks();
    await().atMost(Duration.ofMinutes(1)).until(() -> jdkTicks() - before >= 30);
    long jdk = jdkTicks() - before;
    return new Measured(meter.read(), jdk);
  }

  private record Measured(CpuMeter.Reading reading, long jdkTicks) {
    /** What the meter counted for a tier, in clock ticks (100 a second). */
    double meterTicks(String tier) {
      return reading.tierPercentOfOneCore().get(tier) * reading.seconds();
    }
  }

  /** CPU of the busy process tree as the JDK reports it, in clock ticks. */
  private long jdkTicks() {
    long nanos =
        java.util.stream.Stream.concat(
                java.util.stream.Stream.of(busy.toHandle()), busy.descendants())
            .mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L))
            .sum();
    return nanos / 10_000_000;
  }

  private CpuMeter meterOf(Supplier<List<ProcessHandle>> tier) {
    return new CpuMeter(
        Path.of("/proc"), Map.of("busy", tier), Map.of(), ProcessHandle.current().pid(), 100, 4096);
  }

  @Test
  void aBusyGrandchildCountsForTheTierOfItsRootNotForTheController() throws Exception {
    // The shell waits on a child that spins: the tier is the root's whole tree.
    busy = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & wait").start();
    await().until(() -> busy.descendants().findAny().isPresent());
    CpuMeter meter = meterOf(() -> List.of(busy.toHandle()));

    Measured measured = measure(meter);
    CpuMeter.Reading reading = measured.reading();

    // The meter's interval holds the JDK's: it counts at least as much, but for tick rounding.
    assertThat(measured.meterTicks("busy")).isGreaterThanOrEqualTo(measured.jdkTicks() - 2);
    assertThat(reading.tierRssMegabytes().get("busy")).isPositive();
    assertThat(reading.tierPercentOfOneCore()).containsKey(CpuMeter.CONTROLLER);
    assertThat(reading.machineBusyPercent()).isBetween(0.0, 100.0);
    assertThat(reading.cores()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void aChildTierIsFoundByTheJarOnItsCommandLine() {
    // $0 of the spinning shell is the "jar": the command line names it, as the load JVM's does.
    busy = startBusy("while :; do :; done", "tunelab-marker.jar");
    CpuMeter meter =
        new CpuMeter(
            Path.of("/proc"),
            Map.of(),
            Map.of("load", "tunelab-marker.jar"),
            ProcessHandle.current().pid(),
            100,
            4096);

    Measured measured = measure(meter);

    assertThat(measured.meterTicks("load")).isGreaterThanOrEqualTo(measured.jdkTicks() - 2);
  }

  private static Process startBusy(String script, String name) {
    try {
      return new ProcessBuilder("sh", "-c", script, name).start();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aTierWithoutProcessesUsesNoCpu() {
    CpuMeter meter = meterOf(List::of);
    meter.read();
    long start = System.nanoTime();
    await().pollDelay(Duration.ofMillis(500)).until(() -> System.nanoTime() - start > 5e8);

    assertThat(meter.read().tierPercentOfOneCore()).containsEntry("busy", 0.0);
  }
}
