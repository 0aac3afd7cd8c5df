package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.tiers.mocks.MockEvents.Event;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class DrainWatcherTest {
  private static final Map<String, Long> SENT = new LinkedHashMap<>();

  static {
    SENT.put("ORD-w-000001", 1_000L);
    SENT.put("ORD-w-000002", 1_000L);
    SENT.put("ORD-w-000003", 1_000L);
  }

  private static Event update(long sequence, String id) {
    return new Event(sequence, 2_000 + sequence, "UpdateSalesOrder", id, false);
  }

  @Test
  void endsCompleteOnceEveryOrderCompletedOrFaulted() throws Exception {
    Deque<List<Event>> polls =
        new ArrayDeque<>(
            List.of(
                List.of(update(1, "ORD-w-000001")), List.of(), List.of(update(2, "ORD-w-000003"))));
    CompletionSource completions = () -> polls.isEmpty() ? List.of() : polls.poll();
    FaultSource faults = () -> Map.of("ORD-w-000002", "BRM fault");

    DrainResult result =
        new DrainWatcher(completions, faults, Duration.ofMillis(1), Duration.ofSeconds(30))
            .await(SENT, Set.of());

    assertThat(result.complete()).isTrue();
    assertThat(result.accounting().valid()).isTrue();
    assertThat(result.accounting().completed()).isEqualTo(2);
    assertThat(result.accounting().faulted()).isEqualTo(1);
  }

  @Test
  void endsIncompleteWithTheLostOrdersWhenNothingSettlesForTheTimeout() throws Exception {
    Deque<List<Event>> polls = new ArrayDeque<>(List.of(List.of(update(1, "ORD-w-000002"))));
    CompletionSource completions = () -> polls.isEmpty() ? List.of() : polls.poll();
    Duration timeout = Duration.ofMillis(300);

    DrainResult result =
        new DrainWatcher(completions, Map::of, Duration.ofMillis(10), timeout)
            .await(SENT, Set.of());

    assertThat(result.complete()).isFalse();
    assertThat(result.lost()).containsExactly("ORD-w-000001", "ORD-w-000003");
    assertThat(result.waited()).isGreaterThanOrEqualTo(timeout);
    assertThat(result.accounting().message()).contains("2 LOST");
  }

  @Test
  void endsAtOnceNamingWhyWhenTheMiddlewareIsGoneAndCountsWhatSettledBefore() throws Exception {
    Deque<List<Event>> polls =
        new ArrayDeque<>(List.of(List.of(), List.of(update(1, "ORD-w-000002"))));
    CompletionSource completions = () -> polls.isEmpty() ? List.of() : polls.poll();
    AtomicInteger looks = new AtomicInteger();
    Supplier<Optional<String>> gone =
        () ->
            looks.incrementAndGet() >= 2
                ? Optional.of("the middleware exited with status 137")
                : Optional.empty();

    DrainResult result =
        new DrainWatcher(completions, Map::of, Duration.ofMillis(1), Duration.ofHours(1), gone)
            .await(SENT, Set.of());

    assertThat(result.complete()).isFalse();
    assertThat(result.endedBy()).contains("the middleware exited with status 137");
    assertThat(result.accounting().completed()).isEqualTo(1);
    assertThat(result.lost()).containsExactly("ORD-w-000001", "ORD-w-000003");
    assertThat(looks).hasValue(2);
  }
}
