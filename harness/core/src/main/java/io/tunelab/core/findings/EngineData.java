package io.tunelab.core.findings;

import java.util.List;

/**
 * The middleware's engine (the threads of the asynchronous delivery policies) over the measured
 * window.
 *
 * @param threads engine threads; 0 when the delivery policy uses none ({@code sync})
 * @param capacity handed-off messages that can wait before a consumer blocks
 * @param busy engine threads running a task, per sample
 * @param backlog handed-off messages waiting for a thread, per sample
 * @param instance the label of the middleware instance in series.csv ({@code middleware}, or {@code
 *     middleware-2} and on when several run and another one's engine was the busiest)
 */
public record EngineData(
    int threads, int capacity, List<Point> busy, List<Point> backlog, String instance) {
  /** The engine of a middleware of one instance. */
  public EngineData(int threads, int capacity, List<Point> busy, List<Point> backlog) {
    this(threads, capacity, busy, backlog, "middleware");
  }

  public EngineData {
    busy = List.copyOf(busy);
    backlog = List.copyOf(backlog);
    if (threads < 0 || capacity < 0) {
      throw new IllegalArgumentException("threads and capacity must be 0 or more");
    }
  }

  /** No engine recorded. */
  public static EngineData none() {
    return new EngineData(0, 0, List.of(), List.of());
  }
}
