package io.tunelab.tiers.observe;

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

  /** Two readings at least a second apart: the second holds the percentages. */
  private static CpuMeter.Reading secondReading(CpuMeter meter) {
    meter.read();
    long start = System.nanoTime();
    await().pollDelay(Duration.ofSeconds(1)).until(() -> System.nanoTime() - start > 1e9);
    return meter.read();
  }

  private CpuMeter meterOf(Supplier<List<ProcessHandle>> tier) {
    return new CpuMeter(
        Path.of("/proc"), Map.of("busy", tier), ProcessHandle.current().pid(), 100, 4096);
  }

  @Test
  void aBusyGrandchildCountsForTheTierOfItsRootNotForTheController() throws Exception {
    // The shell waits on a child that spins: the tier is the root's whole tree.
    busy = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & wait").start();
    await().until(() -> busy.descendants().findAny().isPresent());
    CpuMeter meter = meterOf(() -> List.of(busy.toHandle()));

    CpuMeter.Reading reading = secondReading(meter);

    // A spinning process gets at least a fifth of a core even on a loaded 2-core machine.
    assertThat(reading.tierPercentOfOneCore().get("busy")).isGreaterThan(20);
    assertThat(reading.tierRssMegabytes().get("busy")).isPositive();
    assertThat(reading.tierPercentOfOneCore()).containsKey(CpuMeter.CONTROLLER);
    assertThat(reading.machineBusyPercent()).isBetween(0.0, 100.0);
    assertThat(reading.cores()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void aTierWithoutProcessesUsesNoCpu() {
    CpuMeter meter = meterOf(List::of);

    assertThat(secondReading(meter).tierPercentOfOneCore()).containsEntry("busy", 0.0);
  }
}
