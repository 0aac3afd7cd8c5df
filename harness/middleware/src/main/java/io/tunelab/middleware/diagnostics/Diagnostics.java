package io.tunelab.middleware.diagnostics;

import io.tunelab.middleware.Stage;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Per-message diagnostics as the studies' middleware had them switched on: a debug line with the
 * whole payload for every activity, and a stopwatch sample per activity kept in memory. Both
 * allocate and serialize on a shared writer; the studies gained about 20% by turning them off. When
 * off, {@link #activity} does nothing.
 */
public final class Diagnostics implements AutoCloseable {
  private final boolean on;
  private final BufferedWriter log;
  private final Map<String, ConcurrentLinkedQueue<Long>> stopwatch = new ConcurrentHashMap<>();

  private Diagnostics(boolean on, BufferedWriter log) {
    this.on = on;
    this.log = log;
  }

  /** Diagnostics writing to {@code file} when {@code on}. */
  public static Diagnostics open(boolean on, Path file) {
    if (!on) {
      return new Diagnostics(false, null);
    }
    try {
      return new Diagnostics(true, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write diagnostics to " + file, e);
    }
  }

  /** Logs one activity with its payload and keeps its duration. */
  public void activity(Stage stage, String activity, String orderId, String payload, long nanos) {
    if (!on) {
      return;
    }
    String key = stage.key() + "." + activity;
    stopwatch.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>()).add(nanos);
    String line =
        String.format(
            "%s DEBUG [%s] %s order=%s elapsed=%.3fms payload=%s%n",
            Instant.now(), Thread.currentThread().getName(), key, orderId, nanos / 1e6, payload);
    synchronized (log) {
      try {
        log.write(line);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Stopwatch samples per stage activity, so far. */
  public Map<String, Integer> samples() {
    Map<String, Integer> counts = new TreeMap<>();
    stopwatch.forEach((key, values) -> counts.put(key, values.size()));
    return counts;
  }

  public boolean on() {
    return on;
  }

  @Override
  public void close() {
    if (on) {
      synchronized (log) {
        try {
          log.close();
        } catch (IOException e) {
          // the process is stopping; the log is best effort
        }
      }
    }
  }
}
