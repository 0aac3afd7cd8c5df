package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesStoreTest {
  @Test
  void writesLongFormatRowsTaggedWarmupOrMeasured(@TempDir Path dir) throws Exception {
    SeriesStore store = new SeriesStore();
    store.add(1_000, "broker.messageCount", "tunelab.intake", 5);
    store.add(2_000, "broker.messageCount", "tunelab.intake", 7);
    store.add(2_000, "cpu.tier", "db", 12.3456);
    store.add(2_000, "cpu.machine", "machine", Double.NaN);
    store.add(3_000, "mocks.requests", "odd,label", 1);

    store.write(dir.resolve("series.csv"), new Window(1_000, 2_000, 3_000));

    assertThat(Files.readAllLines(dir.resolve("series.csv")))
        .containsExactly(
            SeriesStore.HEADER,
            "1000,warmup,broker.messageCount,tunelab.intake,5",
            "2000,measured,broker.messageCount,tunelab.intake,7",
            "2000,measured,cpu.tier,db,12.346",
            "3000,measured,mocks.requests,\"odd,label\",1");
  }

  @Test
  void measuredPointsAreThoseInTheWindow() {
    SeriesStore store = new SeriesStore();
    store.add(1_000, "s", "l", 1);
    store.add(2_500, "s", "l", 2);
    store.add(4_000, "s", "l", 3);

    assertThat(store.measured("s", "l", new Window(0, 2_000, 3_000)))
        .extracting(io.tunelab.core.findings.Point::value)
        .containsExactly(2.0);
  }
}
