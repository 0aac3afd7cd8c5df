package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcReportTest {
  // Lines as JDK 17 writes them with GcLog.xlogFlag: one pause in the warm-up, three measured.
  private static final List<String> LOG =
      List.of(
          "[2026-11-22T23:37:47.141+0000][0.010s][info][gc] Using G1",
          "[2026-11-22T23:37:48.212+0000][1.081s][info][gc          ] GC(0) Pause Young (Normal)"
              + " (G1 Evacuation Pause) 6M->3M(24M) 26.355ms",
          "[2026-11-22T23:37:48.700+0000][1.570s][info][gc          ] GC(6) Concurrent Mark Cycle"
              + " 40.100ms",
          "[2026-11-22T23:37:48.909+0000][1.778s][info][gc          ] GC(6) Pause Remark"
              + " 22M->22M(24M) 5.420ms",
          "[2026-11-22T23:37:48.949+0000][1.818s][info][gc             ] GC(14) Pause Full (G1"
              + " Compaction Pause) 22M->17M(24M) 18.650ms",
          "[2026-11-22T23:37:49.000+0000][1.900s][info][gc          ] GC(15) Pause Young"
              + " (Allocation Failure) 2048K->512K(1G) 0.500ms");

  @Test
  void aMeasuredWindowSumsOnlyItsPauses(@TempDir Path dir) throws Exception {
    Path log = Files.write(dir.resolve("gc.log"), LOG);
    long remark = java.time.Instant.parse("2026-11-22T23:37:48.909Z").toEpochMilli();
    Window window = new Window(remark - 5_000, remark, remark + 1_000);

    io.tunelab.core.findings.GcData gc = new GcReport("middleware", log, window).measured();

    assertThat(gc.pauses()).isEqualTo(3);
    assertThat(gc.fullCollections()).isOne();
    assertThat(gc.pauseTotalMillis())
        .isCloseTo(5.42 + 18.65 + 0.5, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(gc.maxHeapAfterFullMegabytes()).isEqualTo(17);
    assertThat(gc.windowMillis()).isEqualTo(1_000);
  }
}
