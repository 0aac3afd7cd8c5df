package io.tunelab.core.findings;

import java.util.List;

/**
 * The middleware's fetchers (fetcher intake) over the measured window, and the inbox table they
 * poll.
 *
 * @param fetchers fetcher threads; 0 when the intake is the queue
 * @param pollingMillis pause between two polls of one fetcher
 * @param submitMillis pause between handing two fetched orders to the engine
 * @param poolSize most orders one poll picks
 * @param polls polls of all fetchers since the middleware started, per sample
 * @param emptyPolls of those, polls that found no order, per sample
 * @param picked orders picked since the middleware started, per sample
 * @param waiting orders waiting in {@code order_inbox} (status NEW), per sample
 */
public record FetcherData(
    int fetchers,
    int pollingMillis,
    int submitMillis,
    int poolSize,
    List<Point> polls,
    List<Point> emptyPolls,
    List<Point> picked,
    List<Point> waiting) {
  public FetcherData {
    polls = List.copyOf(polls);
    emptyPolls = List.copyOf(emptyPolls);
    picked = List.copyOf(picked);
    waiting = List.copyOf(waiting);
    if (fetchers < 0 || pollingMillis < 0 || submitMillis < 0 || poolSize < 0) {
      throw new IllegalArgumentException("fetchers and the triple must be 0 or more");
    }
  }

  /** No fetcher intake. */
  public static FetcherData none() {
    return new FetcherData(0, 0, 0, 0, List.of(), List.of(), List.of(), List.of());
  }

  /** How much a counter rose over the window: its last sample less its first; 0 when unknown. */
  static double rise(List<Point> counter) {
    return counter.size() < 2 ? 0 : Trend.last(counter) - counter.get(0).value();
  }

  /** Seconds between the first and the last sample of {@code points}; 0 when fewer than two. */
  static double seconds(List<Point> points) {
    return points.size() < 2
        ? 0
        : (points.get(points.size() - 1).epochMillis() - points.get(0).epochMillis()) / 1000.0;
  }
}
