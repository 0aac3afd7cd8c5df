package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collections of a real recording, made in this JVM with the settings {@code
 * middleware.jvm.jfr=gc} gives the middleware: young collections forced by allocation and a full
 * one by {@code System.gc()}, read back with their collector, cause and heap.
 */
class GcPausesTest {
  @Test
  void aRecordingWithTheGcSettingsHoldsEachCollectionWithItsHeapAndNothingElse(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("middleware.jfr");
    long started = System.currentTimeMillis();
    try (Recording recording = new Recording(JfrRecorder.settings(JfrRecorder.GC))) {
      recording.start();
      List<byte[]> kept = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        kept.add(new byte[16 * 1024]);
        if (kept.size() > 200) {
          kept.remove(0);
        }
      }
      System.gc();
      recording.stop();
      recording.dump(file);
    }

    GcPauses.Read read = GcPauses.read(file);

    assertThat(read.collector()).isPresent();
    assertThat(read.pauses()).isNotEmpty();
    assertThat(read.pauses())
        .allSatisfy(
            pause -> {
              assertThat(pause.millis()).isPositive();
              assertThat(pause.epochMillis()).isGreaterThanOrEqualTo(started);
            });
    // found by its cause, not its place: a concurrent cycle the full collection cut short may end
    // after it
    GcPauses.Pause last =
        read.pauses().stream()
            .filter(pause -> pause.cause().equals("System.gc()"))
            .reduce((first, second) -> second)
            .orElseThrow(() -> new AssertionError("no System.gc() in " + read.pauses()));
    assertThat(last.full())
        .as("%s: a System.gc() of G1, Serial or Parallel is a full collection", last)
        .isTrue();
    assertThat(last.afterMegabytes()).isLessThan(last.beforeMegabytes());
    assertThat(last.capacityMegabytes()).isGreaterThanOrEqualTo(last.afterMegabytes());
    if (read.collector().orElseThrow().startsWith("G1")
        || read.collector().orElseThrow().startsWith("ParallelScavenge")) {
      // the generations G1 and Parallel record: what the full collection left is old
      assertThat(last.oldAfterMegabytes()).isPositive().isLessThanOrEqualTo(last.afterMegabytes());
    }
    try (RecordingFile recorded = new RecordingFile(file)) {
      while (recorded.hasMoreEvents()) {
        assertThat(JfrRecorder.GC_EVENTS)
            .as("nothing but collections is recorded")
            .contains(recorded.readEvent().getEventType().getName());
      }
    }
  }
}
