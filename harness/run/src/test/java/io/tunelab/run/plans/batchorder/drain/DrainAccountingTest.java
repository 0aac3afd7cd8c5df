package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.mocks.MockEvents.Event;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DrainAccountingTest {
  private static final long T0 = 1_795_000_000_000L;
  private long sequence;

  private Event update(String id, long epochMillis) {
    return new Event(++sequence, epochMillis, "UpdateSalesOrder", id, false);
  }

  private static Map<String, Long> sent(int orders) {
    Map<String, Long> sent = new LinkedHashMap<>();
    for (int n = 1; n <= orders; n++) {
      sent.put(id(n), T0);
    }
    return sent;
  }

  private static String id(int n) {
    return String.format("ORD-t-%06d", n);
  }

  @Test
  void aRunWhereEveryOrderEndsOnceIsValid() {
    Accounting accounting =
        DrainAccounting.account(
            sent(3),
            Set.of(),
            List.of(update(id(1), T0 + 10), update(id(3), T0 + 30)),
            Map.of(id(2), "BRM CreateCustomer fault"));

    assertThat(accounting.valid()).isTrue();
    assertThat(accounting.submitted()).isEqualTo(3);
    assertThat(accounting.completed()).isEqualTo(2);
    assertThat(accounting.faulted()).isEqualTo(1);
    assertThat(accounting.faults()).containsEntry(id(2), "BRM CreateCustomer fault");
    assertThat(accounting.message()).startsWith("all orders accounted for: 3 submitted");
  }

  @Test
  void anOrderNeitherCompletedNorFaultedIsLost() {
    Accounting accounting =
        DrainAccounting.account(sent(3), Set.of(), List.of(update(id(1), T0 + 10)), Map.of());

    assertThat(accounting.valid()).isFalse();
    assertThat(accounting.lost()).containsExactly(id(2), id(3));
    assertThat(accounting.message())
        .startsWith("INVALID RUN: 3 submitted = 1 completed + 0 faulted + 2 lost")
        .contains("2 LOST: ORD-t-000002, ORD-t-000003");
  }

  @Test
  void anOrderCompletedTwiceIsDuplicated() {
    Accounting accounting =
        DrainAccounting.account(
            sent(2),
            Set.of(),
            List.of(update(id(1), T0 + 10), update(id(1), T0 + 20), update(id(2), T0 + 30)),
            Map.of());

    assertThat(accounting.valid()).isFalse();
    assertThat(accounting.completed()).isEqualTo(2);
    assertThat(accounting.duplicated()).containsExactly(id(1));
    assertThat(accounting.message()).contains("1 DUPLICATED").contains(id(1));
  }

  @Test
  void anOrderCompletedAndFaultedIsDuplicated() {
    Accounting accounting =
        DrainAccounting.account(
            sent(1), Set.of(), List.of(update(id(1), T0 + 10)), Map.of(id(1), "late"));

    assertThat(accounting.valid()).isFalse();
    assertThat(accounting.completed()).isEqualTo(1);
    assertThat(accounting.faulted()).isZero();
    assertThat(accounting.duplicated()).containsExactly(id(1));
  }

  @Test
  void anotherBatchsOrderCompletingInTheWindowIsUnexpectedAndInvalidatesTheBatch() {
    Accounting accounting =
        DrainAccounting.account(
            sent(2),
            Set.of(),
            List.of(
                update(id(1), T0 + 10),
                update(id(2), T0 + 20),
                update("ORD-earlier-000007", T0 + 25),
                update("ORD-earlier-000007", T0 + 26),
                update("ORD-earlier-000003", T0 + 30)),
            Map.of());

    assertThat(accounting.completed()).isEqualTo(2);
    assertThat(accounting.lost()).isEmpty();
    assertThat(accounting.unexpected()).containsExactly("ORD-earlier-000003", "ORD-earlier-000007");
    assertThat(accounting.valid()).isFalse();
    assertThat(accounting.message())
        .startsWith("INVALID RUN: 2 submitted = 2 completed + 0 faulted + 0 lost")
        .contains("2 UNEXPECTED (completed in this batch's window, never submitted by it")
        .endsWith("ORD-earlier-000003, ORD-earlier-000007");
  }

  @Test
  void aSendTheLoadTierCountedAsFailedThatCompletesIsRecoveredNotUnexpected() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(T0, 5, id(1), "200", "ok", "t", true, Map.of("orderId", id(1))),
            new JtlRecord(T0 + 1, 9000, id(2), "", "timed out", "t", false, Map.of()),
            new JtlRecord(T0 + 2, 9000, id(3), "", "timed out", "t", false, Map.of()),
            new JtlRecord(T0 + 9, 5, id(3), "200", "ok", "t", true, Map.of()));
    Set<String> failed = DrainAccounting.failedSends(records);
    assertThat(failed).containsExactly(id(2));

    Accounting accounting =
        DrainAccounting.account(
            DrainAccounting.submitted(records),
            failed,
            List.of(
                update(id(1), T0 + 10),
                update(id(2), T0 + 20),
                update(id(3), T0 + 30),
                update("ORD-earlier-000003", T0 + 31)),
            Map.of());

    assertThat(accounting.submitted()).isEqualTo(2);
    assertThat(accounting.completed()).isEqualTo(2);
    assertThat(accounting.recovered()).containsExactly(id(2));
    assertThat(accounting.unexpected()).containsExactly("ORD-earlier-000003");
    assertThat(accounting.message())
        .contains("1 sends the load tier counted as failed completed all the same")
        .endsWith(id(2));
    Accounting alone =
        DrainAccounting.account(
            DrainAccounting.submitted(records),
            failed,
            List.of(update(id(1), T0 + 10), update(id(2), T0 + 20), update(id(3), T0 + 30)),
            Map.of());
    assertThat(alone.valid()).isTrue();
  }

  @Test
  void aFaultAnswerOtherOperationsAndOtherRunsDoNotComplete() {
    Accounting accounting =
        DrainAccounting.account(
            sent(1),
            Set.of(),
            List.of(
                new Event(1, T0 + 5, "UpdateSalesOrder", id(1), true),
                new Event(2, T0 + 6, "QueryCustomerParty", id(1), false),
                new Event(3, T0 + 7, "UpdateSalesOrder", "ORD-other-000001", false)),
            Map.of("ORD-other-000002", "not ours"));

    assertThat(accounting.lost()).containsExactly(id(1));
    assertThat(accounting.faults()).isEmpty();
    assertThat(accounting.unexpected()).containsExactly("ORD-other-000001");
  }

  @Test
  void capsTheListingOfLostIdsButGivesTheirCount() {
    Accounting accounting = DrainAccounting.account(sent(25), Set.of(), List.of(), Map.of());

    assertThat(accounting.lost()).hasSize(25);
    assertThat(accounting.message())
        .contains("25 LOST: ORD-t-000001, ")
        .contains("ORD-t-000020 and 5 more")
        .doesNotContain("ORD-t-000021");
  }

  @Test
  void latencyPercentilesAndRateMatchTheHandComputedValues() {
    // Ten orders sent at T0 + n s, each completed 100 * n ms later: latencies 100..1000 ms.
    Map<String, Long> sent = new LinkedHashMap<>();
    List<Event> events = new ArrayList<>();
    for (int n = 1; n <= 10; n++) {
      sent.put(id(n), T0 + n * 1000L);
      events.add(update(id(n), T0 + n * 1000L + n * 100L));
    }

    DrainMetrics metrics = DrainAccounting.account(sent, Set.of(), events, Map.of()).metrics();

    assertThat(metrics.p50Millis()).isEqualTo(500);
    assertThat(metrics.p90Millis()).isEqualTo(900);
    assertThat(metrics.p99Millis()).isEqualTo(1000);
    assertThat(metrics.maxMillis()).isEqualTo(1000);
    // First send T0 + 1 s, last completion T0 + 11 s: 10 orders in 10 s = 60 per minute.
    assertThat(metrics.drainMillis()).isEqualTo(10_000);
    assertThat(metrics.ordersPerMinute()).isEqualTo(60.0);
    // the histogram a repetition keeps: the same samples, stamped with the measured window
    assertThat(metrics.latencyHistogram().getTotalCount()).isEqualTo(10);
    assertThat(metrics.latencyHistogram().getStartTimeStamp()).isEqualTo(T0 + 1000);
    assertThat(metrics.latencyHistogram().getEndTimeStamp()).isEqualTo(T0 + 11_000);
  }

  @Test
  void latencyCountsFromTheFirstCompletionOfAnOrder() {
    Accounting accounting =
        DrainAccounting.account(
            sent(1), Set.of(), List.of(update(id(1), T0 + 700), update(id(1), T0 + 200)), Map.of());

    assertThat(accounting.metrics().maxMillis()).isEqualTo(200);
  }

  @Test
  void submittedOrdersAreTheSuccessfulSamplesWithTheirSendTimes() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(T0, 5, id(1), "200", "ok", "t", true, Map.of("orderId", id(1))),
            new JtlRecord(T0 + 9, 5, id(2), "", "refused", "t", false, Map.of()),
            new JtlRecord(T0 + 3, 5, id(3), "200", "ok", "t", true, Map.of()));

    assertThat(DrainAccounting.submitted(records))
        .containsExactly(Map.entry(id(1), T0), Map.entry(id(3), T0 + 3));
  }

  @Test
  void inRateModeLatencyCountsFromTheIntendedSendSoALateSendCannotHideIt() {
    // Due at T0, sent 500 ms late, completed 100 ms after the send: 600 ms from when it was due.
    List<JtlRecord> records =
        List.of(
            new JtlRecord(
                T0 + 500,
                5,
                id(1),
                "200",
                "ok",
                "t",
                true,
                Map.of("orderId", id(1), ArrivalRate.INTENDED_AT, Long.toString(T0))));
    List<Event> completed = List.of(update(id(1), T0 + 600));

    DrainMetrics fromIntended =
        DrainAccounting.account(
                DrainAccounting.latencyOrigins(records), Set.of(), completed, Map.of())
            .metrics();
    DrainMetrics fromSent =
        DrainAccounting.account(DrainAccounting.submitted(records), Set.of(), completed, Map.of())
            .metrics();

    assertThat(fromIntended.maxMillis()).isEqualTo(600);
    assertThat(fromIntended.firstSendMillis()).isEqualTo(T0);
    assertThat(fromSent.maxMillis()).isEqualTo(100);
  }

  @Test
  void withoutIntendedTimesLatencyOriginsAreTheSendTimes() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(
                T0, 5, id(1), "200", "ok", "t", true, Map.of(ArrivalRate.INTENDED_AT, "")),
            new JtlRecord(T0 + 9, 5, id(2), "", "refused", "t", false, Map.of()),
            new JtlRecord(T0 + 3, 5, id(3), "200", "ok", "t", true, Map.of()));

    assertThat(DrainAccounting.latencyOrigins(records))
        .containsExactly(Map.entry(id(1), T0), Map.entry(id(3), T0 + 3))
        .isEqualTo(DrainAccounting.submitted(records));
  }

  @Test
  void aFailedSendIsNoLatencyOriginEvenWithAnIntendedTime() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(
                T0 + 9,
                5,
                id(1),
                "",
                "refused",
                "t",
                false,
                Map.of(ArrivalRate.INTENDED_AT, Long.toString(T0))));

    assertThat(DrainAccounting.latencyOrigins(records)).isEmpty();
  }

  @Test
  void eachSubmittedOrdersLinesComeFromItsLineCountAndACompletionKnowsItsOrder() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(T0, 5, id(1), "200", "ok", "t", true, Map.of("lineCount", "40")),
            new JtlRecord(T0 + 1, 5, id(2), "", "refused", "t", false, Map.of()),
            new JtlRecord(T0 + 2, 5, id(3), "200", "ok", "t", true, Map.of("lineCount", "2")));

    assertThat(DrainAccounting.lines(records))
        .containsOnly(Map.entry(id(1), 40), Map.entry(id(3), 2));
    DrainMetrics metrics =
        DrainAccounting.account(
                DrainAccounting.submitted(records),
                Set.of(),
                List.of(update(id(3), T0 + 30), update(id(1), T0 + 50)),
                Map.of())
            .metrics();
    assertThat(metrics.completedIds()).containsExactly(id(1), id(3));
    assertThat(metrics.completionMillis()).containsExactly(T0 + 50, T0 + 30);
  }

  @Test
  void aJtlWithoutLineCountsGivesNoLinesAtAll() {
    List<JtlRecord> records =
        List.of(
            new JtlRecord(T0, 5, id(1), "200", "ok", "t", true, Map.of("lineCount", "10")),
            new JtlRecord(T0 + 2, 5, id(2), "200", "ok", "t", true, Map.of()));

    assertThat(DrainAccounting.lines(records)).isEmpty();
  }
}
