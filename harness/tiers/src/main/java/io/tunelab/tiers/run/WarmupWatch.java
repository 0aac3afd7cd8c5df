package io.tunelab.tiers.run;

import io.tunelab.core.stats.CompletionRates;
import io.tunelab.tiers.load.CompletionSource;
import io.tunelab.tiers.load.DrainAccounting;
import io.tunelab.tiers.load.FaultSource;
import io.tunelab.tiers.mocks.MockEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a warm-up's backlogs have done so far: when each of their orders first completed (the Siebel
 * mock answered its UpdateSalesOrder) and which faulted, and the completion rates the steady-state
 * rule judges. Warm-up orders are not accounted for one by one as measured ones are: the warm-up
 * only needs to know when the rate settled and when the orders left in flight are done.
 *
 * <p>A warm-up sends its orders in backlogs one after the other. Within a backlog only the middle
 * completions count (from the 10% to the 90% quantile of its size, as for a measured drain): its
 * first ones fill the pipeline and its last ones empty it, which would look like a change of rate.
 * The windows of successive backlogs follow each other in one series, since the JVM's warm-up goes
 * on across them.
 */
final class WarmupWatch {
  static final Duration POLL = Duration.ofMillis(250);
  private static final long FAULT_POLL_MILLIS = 1000;

  private final CompletionSource completions;
  private final FaultSource faults;
  private final Map<String, Integer> backlogOf = new HashMap<>();
  private final List<Integer> backlogSizes = new ArrayList<>();
  private final Map<String, Long> completedAt = new HashMap<>();
  private final Set<String> faulted = new HashSet<>();
  private long faultsReadAt;

  WarmupWatch(CompletionSource completions, FaultSource faults) {
    this.completions = completions;
    this.faults = faults;
  }

  /** Watches one more backlog: the ids of its orders that were sent. */
  void addBacklog(Set<String> ids) {
    int index = backlogSizes.size();
    backlogSizes.add(ids.size());
    ids.forEach(id -> backlogOf.put(id, index));
  }

  /** Reads the completions since the last poll, and the faults at most once a second. */
  void poll() {
    for (MockEvents.Event event : completions.poll()) {
      if (DrainAccounting.COMPLETING_OPERATION.equals(event.operation())
          && !event.fault()
          && event.key() != null
          && backlogOf.containsKey(event.key())) {
        completedAt.merge(event.key(), event.epochMillis(), Math::min);
      }
    }
    long now = System.currentTimeMillis();
    if (now - faultsReadAt >= FAULT_POLL_MILLIS) {
      faultsReadAt = now;
      faults.faulted().keySet().stream().filter(backlogOf::containsKey).forEach(faulted::add);
    }
  }

  /** Orders sent in every backlog so far. */
  int sent() {
    return backlogOf.size();
  }

  int completed() {
    return completedAt.size();
  }

  /** Orders completed or faulted (an order both completed and faulted counts once). */
  int settled() {
    Set<String> all = new HashSet<>(completedAt.keySet());
    all.addAll(faulted);
    return all.size();
  }

  /**
   * The rate of each window of {@code windowOrders} completions, oldest first, over the middle of
   * each backlog: completions from the 10% to the 90% quantile of its size, so far.
   */
  List<Double> windowRates(int windowOrders) {
    List<List<Long>> byBacklog = new ArrayList<>();
    backlogSizes.forEach(size -> byBacklog.add(new ArrayList<>()));
    completedAt.forEach((id, at) -> byBacklog.get(backlogOf.get(id)).add(at));
    List<Double> rates = new ArrayList<>();
    for (int i = 0; i < byBacklog.size(); i++) {
      List<Long> times = byBacklog.get(i);
      times.sort(null);
      int size = backlogSizes.get(i);
      int from = (int) Math.floor(CompletionRates.TRIM * size);
      int to = Math.min(times.size(), (int) Math.ceil((1 - CompletionRates.TRIM) * size));
      if (to - from > windowOrders) {
        rates.addAll(CompletionRates.windows(times.subList(from, to), windowOrders));
      }
    }
    return rates;
  }

  /** The latest completion, or {@code orElse} before the first. */
  long lastCompletionMillis(long orElse) {
    return completedAt.values().stream().mapToLong(Long::longValue).max().orElse(orElse);
  }

  /**
   * Polls until {@code target} orders settled, no order settled for {@code noProgress}, or the
   * middleware is gone.
   *
   * @return whether {@code target} was reached
   */
  boolean awaitSettled(int target, Duration noProgress, Supplier<Optional<String>> gone)
      throws InterruptedException {
    long lastProgress = System.nanoTime();
    int seen = -1;
    while (true) {
      faultsReadAt = 0; // the last orders may fault: read them every time
      poll();
      int now = settled();
      if (now >= target) {
        return true;
      }
      if (now > seen) {
        seen = now;
        lastProgress = System.nanoTime();
      }
      if (gone.get().isPresent() || System.nanoTime() - lastProgress > noProgress.toNanos()) {
        return false;
      }
      Thread.sleep(POLL.toMillis());
    }
  }
}
