package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.cost.CpuSample;
import io.tunelab.core.findings.Point;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's figures from a {@code /proc} fixture: no process is read, only the machine. */
class CpuSourceTest {
  private static final long NO_SUCH_PID = Long.MAX_VALUE;

  private static void machine(Path proc, String cpuLine) throws Exception {
    Files.writeString(proc.resolve("stat"), cpuLine + "\ncpu0 0\ncpu1 0\n");
  }

  @Test
  void stealIsRecordedAsItsOwnSeriesAndInTheSampleAsAShareOfAllCores(@TempDir Path proc)
      throws Exception {
    Files.writeString(proc.resolve("uptime"), "100.00 150.00\n");
    machine(proc, "cpu  1000 0 0 1000 0 0 0 0 0 0");
    CpuSource source =
        new CpuSource(new CpuMeter(proc, Map.of(), Map.of(), NO_SUCH_PID, 100, 4096));
    SeriesStore store = new SeriesStore();
    source.sample(1_000, store);
    // Over the next 1,000 ticks: 300 user, 400 idle, 100 iowait, 200 steal.
    machine(proc, "cpu  1300 0 0 1400 100 0 0 200 0 0");

    source.sample(2_000, store);

    assertThat(store.points("cpu.steal", "machine"))
        .extracting(Point::value)
        .singleElement()
        .satisfies(steal -> assertThat(steal).isCloseTo(20, within(1e-9)));
    assertThat(store.points("cpu.machine", "machine").get(0).value()).isCloseTo(50, within(1e-9));
    assertThat(store.points("cpu.iowait", "machine").get(0).value()).isCloseTo(10, within(1e-9));
    CpuSample sample = source.samples().get(0);
    assertThat(sample.machineStealPercent()).isCloseTo(20, within(1e-9));
    assertThat(sample.machineBusyPercent()).isCloseTo(50, within(1e-9));
  }
}
