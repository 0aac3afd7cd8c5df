package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogTest {
  // Lines as JDK 17 writes them with GcLog.xlogFlag (G1, then Serial), padding included.
  private static final List<String> LOG =
      List.of(
          "[2026-11-22T23:37:47.141+0000][0.010s][info][gc] Using G1",
          "[2026-11-22T23:37:48.200+0000][1.070s][info][gc,start    ] GC(0) Pause Young (Normal)"
              + " (G1 Evacuation Pause)",
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
  void readsEveryPauseWithItsWallClockTimeAndHeapAndSkipsConcurrentPhases(@TempDir Path dir)
      throws Exception {
    Path log = Files.write(dir.resolve("gc.log"), LOG);

    List<GcLog.Pause> pauses = GcLog.pauses(log);

    assertThat(pauses)
        .extracting(GcLog.Pause::type)
        .containsExactly(
            "Pause Young (Normal) (G1 Evacuation Pause)",
            "Pause Remark",
            "Pause Full (G1 Compaction Pause)",
            "Pause Young (Allocation Failure)");
    GcLog.Pause first = pauses.get(0);
    assertThat(first.epochMillis())
        .isEqualTo(java.time.Instant.parse("2026-11-22T23:37:48.212Z").toEpochMilli());
    assertThat(first.beforeMegabytes()).isEqualTo(6);
    assertThat(first.afterMegabytes()).isEqualTo(3);
    assertThat(first.capacityMegabytes()).isEqualTo(24);
    assertThat(first.millis()).isEqualTo(26.355);
    assertThat(pauses.get(2).full()).isTrue();
    assertThat(pauses.get(3).afterMegabytes()).isEqualTo(0.5);
    assertThat(pauses.get(3).capacityMegabytes()).isEqualTo(1024);
    assertThat(GcLog.collector(log)).contains("G1");
  }

  @Test
  void aMissingLogHasNoPauses(@TempDir Path dir) {
    assertThat(GcLog.pauses(dir.resolve("none.log"))).isEmpty();
  }

  @Test
  void theFlagLogsWallClockTimeWithoutRotation() {
    assertThat(GcLog.xlogFlag(Path.of("/r/gc.log")))
        .isEqualTo("-Xlog:gc*:file=/r/gc.log:time,uptime,level,tags:filecount=0");
  }
}
