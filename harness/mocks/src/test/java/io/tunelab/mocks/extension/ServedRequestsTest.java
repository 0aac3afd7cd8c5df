package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.mocks.extension.ServedRequests.EventPage;
import io.tunelab.mocks.extension.ServedRequests.ServedEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServedRequestsTest {
  @Test
  void numbersEventsFromOneAndTalliesThemPerOperation() {
    ServedRequests served = new ServedRequests(16);
    served.record(1_000, "QueryCustomerParty", "P1", false);
    served.record(1_500, "UpdateSalesOrder", "O1", true);
    served.record(1_200, "QueryCustomerParty", "P2", false);

    ServedRequests.Counts counts = served.counts();
    assertThat(counts.lastSequence()).isEqualTo(3);
    assertThat(counts.total()).isEqualTo(3);
    assertThat(counts.faults()).isEqualTo(1);
    assertThat(counts.operations().get("QueryCustomerParty"))
        .isEqualTo(new ServedRequests.OperationCount(2, 0, 1_000L, 1_200L));
    assertThat(counts.operations().get("UpdateSalesOrder"))
        .isEqualTo(new ServedRequests.OperationCount(1, 1, 1_500L, 1_500L));
    assertThat(served.since(0, 10).events())
        .extracting(ServedEvent::sequence, ServedEvent::key)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1L, "P1"),
            org.assertj.core.groups.Tuple.tuple(2L, "O1"),
            org.assertj.core.groups.Tuple.tuple(3L, "P2"));
  }

  @Test
  void pagesEventsAfterASequenceNumber() {
    ServedRequests served = new ServedRequests(16);
    for (int i = 1; i <= 5; i++) {
      served.record(i, "Op", "K" + i, false);
    }

    EventPage first = served.since(1, 2);
    assertThat(first.events()).extracting(ServedEvent::sequence).containsExactly(2L, 3L);
    assertThat(first.nextSince()).isEqualTo(3);
    assertThat(first.more()).isTrue();

    EventPage last = served.since(first.nextSince(), 10);
    assertThat(last.events()).extracting(ServedEvent::sequence).containsExactly(4L, 5L);
    assertThat(last.more()).isFalse();

    EventPage empty = served.since(last.nextSince(), 10);
    assertThat(empty.events()).isEmpty();
    assertThat(empty.nextSince()).isEqualTo(5);
    assertThat(empty.missed()).isZero();
  }

  @Test
  void resetForgetsTalliesAndEventsButSequenceNumbersContinue() {
    ServedRequests served = new ServedRequests(16);
    served.record(1, "Op", "A", false);
    served.record(2, "Op", "B", false);

    assertThat(served.reset()).isEqualTo(2);
    served.record(3, "Op", "C", false);

    assertThat(served.counts().total()).isEqualTo(1);
    EventPage page = served.since(0, 10);
    assertThat(page.events()).extracting(ServedEvent::sequence).containsExactly(3L);
    assertThat(page.missed()).as("events dropped by a reset are not missed").isZero();
  }

  @Test
  void saysHowManyEventsWereOverwrittenBeforeTheyWereRead() {
    ServedRequests served = new ServedRequests(4);
    for (int i = 1; i <= 10; i++) {
      served.record(i, "Op", "K" + i, false);
    }

    EventPage page = served.since(0, 100);
    assertThat(page.missed()).isEqualTo(6);
    assertThat(page.events()).extracting(ServedEvent::sequence).containsExactly(7L, 8L, 9L, 10L);
    assertThat(served.counts().total()).as("tallies keep everything").isEqualTo(10);
  }

  @Test
  void recordsEveryEventExactlyOnceUnderConcurrency() throws Exception {
    int threads = 8;
    int perThread = 20_000;
    ServedRequests served = new ServedRequests(threads * perThread);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    for (int t = 0; t < threads; t++) {
      String thread = "T" + t;
      pool.submit(
          () -> {
            start.await();
            for (int i = 0; i < perThread; i++) {
              served.record(i, "Op" + (i % 3), thread + "-" + i, i % 7 == 0);
            }
            return null;
          });
    }
    start.countDown();
    pool.shutdown();
    assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

    List<ServedEvent> events = served.since(0, threads * perThread).events();
    assertThat(events).hasSize(threads * perThread);
    Set<Long> sequences = new HashSet<>();
    Set<String> keys = new HashSet<>();
    events.forEach(
        e -> {
          sequences.add(e.sequence());
          keys.add(e.key());
        });
    assertThat(sequences).hasSize(threads * perThread);
    assertThat(keys).hasSize(threads * perThread);
    assertThat(served.counts().total()).isEqualTo(threads * perThread);
    assertThat(served.counts().faults())
        .isEqualTo(events.stream().filter(ServedEvent::fault).count());
  }
}
