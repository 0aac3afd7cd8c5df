package io.tunelab.tiers.mocks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.Latency;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The served-request counter is exact: the harness measures order completion with it, so no event
 * may be lost or counted twice however many clients call at once.
 */
class MocksCountingIT {
  private static final SoapClient soap = new SoapClient();
  private static MocksTier mocks;

  @BeforeAll
  static void start() {
    mocks = MocksTiers.start(MocksConfig.defaults(), Path.of("target/mocks-it/counting"));
  }

  @AfterAll
  static void stop() {
    if (mocks != null) {
      mocks.close();
    }
  }

  @Test
  void countsAndEventsAreExactUnderConcurrentClients() throws Exception {
    long since = mocks.siebel().reset();
    Set<String> sentOrderIds = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> clients = new ArrayList<>();
    for (int thread = 0; thread < 8; thread++) {
      int client = thread;
      clients.add(
          pool.submit(
              () -> {
                go.await();
                for (int i = 0; i < 50; i++) {
                  SoapOperation.Call call =
                      SoapOperation.UPDATE_SALES_ORDER.call("C" + client + "N" + i);
                  assertThat(soap.send(mocks.siebelUrl(), call).statusCode()).isEqualTo(200);
                  sentOrderIds.add(call.key());
                }
                return null;
              }));
    }
    go.countDown();
    for (Future<?> client : clients) {
      client.get();
    }
    pool.shutdown();

    List<MockEvents.Event> events = readAll(mocks.siebel(), since, 37);
    assertThat(events).hasSize(400);
    assertThat(events.stream().map(MockEvents.Event::sequence).distinct()).hasSize(400);
    assertThat(new HashSet<>(events.stream().map(MockEvents.Event::key).toList()))
        .isEqualTo(sentOrderIds)
        .hasSize(400);
    assertThat(events).allMatch(e -> e.operation().equals("UpdateSalesOrder") && !e.fault());
    MockCounts counts = mocks.siebel().counts();
    assertThat(counts.total()).isEqualTo(400);
    assertThat(counts.operation("UpdateSalesOrder").count()).isEqualTo(400);
    assertThat(counts.operation("UpdateSalesOrder").faults()).isZero();
    assertThat(counts.lastSequence()).isEqualTo(since + 400);
  }

  @Test
  void resetForgetsCountsAndEventsWhileSequenceNumbersGoOn() {
    soap.send(mocks.brmUrl(), SoapOperation.GET_INVOICE_LIST.call("RESET1"));
    long resetAt = mocks.brm().reset();

    assertThat(mocks.brm().counts().total()).isZero();
    assertThat(mocks.brm().events(0).events()).isEmpty();
    assertThat(mocks.brm().events(0).missed()).isZero();

    soap.send(mocks.brmUrl(), SoapOperation.GET_INVOICE_LIST.call("RESET2"));
    MockEvents after = mocks.brm().events(0);
    assertThat(after.events()).hasSize(1);
    assertThat(after.events().get(0).sequence()).isEqualTo(resetAt + 1);
  }

  @Test
  void anEventIsStampedWhenItsDelayedAnswerIsDue() {
    mocks.brm().setLatency(new Latency.Fixed(300));
    try {
      long since = mocks.brm().reset();
      long sentMillis = System.currentTimeMillis();
      soap.send(mocks.brmUrl(), SoapOperation.GET_SERVICE_USAGE.call("STAMP1"));

      MockEvents.Event event = mocks.brm().events(since).events().get(0);
      assertThat(event.epochMillis()).isGreaterThanOrEqualTo(sentMillis + 300);
      MockCounts.OperationCount count = mocks.brm().counts().operation("GetServiceUsage");
      assertThat(count.firstEpochMillis()).isEqualTo(event.epochMillis());
      assertThat(count.lastEpochMillis()).isEqualTo(event.epochMillis());
    } finally {
      mocks.brm().setLatency(Latency.NONE);
    }
  }

  private static List<MockEvents.Event> readAll(MocksClient client, long since, int pageSize) {
    List<MockEvents.Event> events = new ArrayList<>();
    MockEvents page;
    do {
      page = client.events(since, pageSize);
      assertThat(page.missed()).isZero();
      assertThat(page.events().size()).isLessThanOrEqualTo(pageSize);
      events.addAll(page.events());
      since = page.nextSince();
    } while (page.more());
    return events;
  }
}
