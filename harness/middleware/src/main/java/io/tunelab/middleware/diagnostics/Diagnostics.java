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

/**
 * Per-message diagnostics as the studies' middleware had them switched on: a debug line with the
 * whole payload for every activity, and each activity's duration added to its stopwatch's
 * statistics, one per stage activity shared by every thread. Both allocate and serialize (the
 * writer and each stopwatch are shared); the studies gained about 20% by turning them off. When
 * off, {@link #activity} does nothing.
 *
 * <p>A stopwatch keeps statistics, not every sample: kept samples grew the live heap by about 50
 * bytes per activity for the JVM's whole life (the heap study's 64 MB middleware went from 18 to 49
 * MB live after full collections over 20 rounds, its throughput from 990 to 23 orders/min, and then
 * died), which measured how long the JVM had run, not what diagnostics cost.
 */
public final class Diagnostics implements AutoCloseable {
  private final boolean on;
  private final BufferedWriter log;
  private final Map<String, Stopwatch> stopwatch = new ConcurrentHashMap<>();

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
    stopwatch.computeIfAbsent(key, k -> new Stopwatch()).add(nanos);
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
    stopwatch.forEach((key, watch) -> counts.put(key, watch.count()));
    return counts;
  }

  /** One stage activity's durations: count, total, shortest and longest, under its lock. */
  private static final class Stopwatch {
    private int count;
    private long totalNanos;
    private long minNanos = Long.MAX_VALUE;
    private long maxNanos;

    synchronized void add(long nanos) {
      count++;
      totalNanos += nanos;
      minNanos = Math.min(minNanos, nanos);
      maxNanos = Math.max(maxNanos, nanos);
    }

    synchronized int count() {
      return count;
    }

    synchronized Map<String, Number> statistics() {
      return Map.of(
          "count",
          count,
          "meanMillis",
          count == 0 ? 0.0 : totalNanos / 1e6 / count,
          "minMillis",
          count == 0 ? 0.0 : minNanos / 1e6,
          "maxMillis",
          maxNanos / 1e6);
    }
  }

  /** Each stage activity's stopwatch so far: samples, mean and longest duration in milliseconds. */
  public Map<String, Map<String, Number>> stopwatch() {
    Map<String, Map<String, Number>> watches = new TreeMap<>();
    stopwatch.forEach((key, watch) -> watches.put(key, watch.statistics()));
    return watches;
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
