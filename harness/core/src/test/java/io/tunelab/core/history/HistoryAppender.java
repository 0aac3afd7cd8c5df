package io.tunelab.core.history;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * Another bench appending to a history, in a JVM of its own: {@code HistoryAppender ROOT SUITE
 * EXPERIMENT COUNT RUN_PREFIX} appends COUNT rows named RUN_PREFIX-1.. to the experiment's file.
 */
public final class HistoryAppender {
  private HistoryAppender() {}

  public static void main(String[] args) {
    FileHistory history = new FileHistory(Path.of(args[0]));
    int count = Integer.parseInt(args[3]);
    for (int i = 1; i <= count; i++) {
      history.append(
          args[1],
          args[2],
          new HistoryRow(
              Instant.ofEpochSecond(1_800_000_000L + i),
              "c",
              args[4] + "-" + i,
              Map.of("s.throughput", 1.0)));
    }
  }
}
