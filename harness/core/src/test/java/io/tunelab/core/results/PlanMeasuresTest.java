package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each plan's measures answer for themselves what the readers ask (attempts, failures, the
 * operations): counted by hand from the records below.
 */
class PlanMeasuresTest {
  private static final Metrics THREE_ERRORS = Metrics.of(600, new LatencyMillis(5, 9, 12, 20), 3);

  @Test
  void aBatchTriesItsSubmittedOrdersAndTheSendsThatFailed() {
    // 40 submitted, 1 faulted: of the 3 errors, 2 are sends that never reached the broker
    OrderAccounting accounting =
        new OrderAccounting(
            40, 38, 1, 1, 0, Map.of("siebel down", 1L), Map.of("Connection refused", 2L));
    PlanMeasures batch = BatchOrderMeasures.of(accounting);

    assertThat(batch.attempts(THREE_ERRORS)).hasValue(42);
    assertThat(batch.unitOperation()).isEqualTo(Operations.ORDER);
    assertThat(batch.failures())
        .containsOnly(
            entry(Operations.ORDER, Map.of("siebel down", 1L, ErrorKinds.LOST, 1L)),
            entry(ErrorKinds.SEND, Map.of("Connection refused", 2L)));
    assertThat(batch.accounting()).isSameAs(accounting);
    assertThat(batch.requests()).isNull();
    assertThat(batch.ownFields()).as("the core's own measures add no field").isEmpty();
    assertThat(batch.deadline()).isNull();

    Map<String, Operations.Of> operations = Operations.of(repetition(batch));
    assertThat(operations).containsOnlyKeys(Operations.ORDER);
    assertThat(operations.get(Operations.ORDER).requests()).isEqualTo(42);
    assertThat(operations.get(Operations.ORDER).errors()).isEqualTo(3);
    assertThat(operations.get(Operations.ORDER).maxMillis()).isEqualTo(20.0);

    assertThat(batch.tally()).isEqualTo(new UnitTally(40, 38, 1, 1, 0));
    PlanMeasures second = BatchOrderMeasures.of(new OrderAccounting(40, 39, 0, 0, 1));
    assertThat(batch.outcomes(List.of(batch, second, BatchOrderMeasures.of(null))))
        .as("completed/faulted/lost/duplicated, summed over the step")
        .isEqualTo("77/1/1/1");
  }

  @Test
  void aBatchWithoutItsAccountingTriedNothingItCanCount() {
    PlanMeasures batch = BatchOrderMeasures.of(null);

    assertThat(batch.attempts(THREE_ERRORS)).isEmpty();
    assertThat(batch.failures()).isEmpty();
    assertThat(Operations.of(repetition(batch))).isEmpty();
    assertThat(batch.tally()).isNull();
    assertThat(batch.outcomes(List.of(batch))).as("no order counted").isEqualTo("-");
  }

  @Test
  void requestPlansTryTheirRequestsAndFailByOperation() {
    RequestMetrics requests =
        new RequestMetrics(
                "closed",
                100,
                90,
                4,
                4.4,
                summary(90, 4),
                Map.of("GetInvoiceList", summary(50, 4), "GetCustomer", summary(40, 0)),
                null,
                null)
            .withOperations(
                Map.of(),
                Map.of("GetInvoiceList", Map.of("500 Internal Server Error", 4L, "none", 0L)));

    for (PlanMeasures measures :
        List.of(
            new RequestMeasures(requests),
            new RequestMeasures(requests, new DeadlineMisses(1000, 90, 2, 0, 2.2, 5)))) {
      assertThat(measures.attempts(THREE_ERRORS)).hasValue(90);
      assertThat(measures.unitOperation()).isNull();
      assertThat(measures.failures())
          .containsOnly(entry("GetInvoiceList", Map.of("500 Internal Server Error", 4L)));
      assertThat(Operations.of(repetition(measures)))
          .containsOnlyKeys("GetInvoiceList", "GetCustomer");
      assertThat(Operations.of(repetition(measures)).get("GetInvoiceList").errors()).isEqualTo(4);
    }
    assertThat(new RequestMeasures(requests, null).requests()).isSameAs(requests);
    assertThat(new RequestMeasures(null).attempts(THREE_ERRORS)).isEmpty();
    assertThat(new RequestMeasures(null).failures()).isEmpty();
    PlanMeasures plain = new RequestMeasures(requests);
    assertThat(plain.outcomes(List.of(plain, plain))).isEqualTo("172/8");
    PlanMeasures timed = new RequestMeasures(requests, new DeadlineMisses(1000, 90, 2, 0, 2.2, 5));
    assertThat(timed.outcomes(List.of(timed, new RequestMeasures(null))))
        .as("answered/failed, and the misses among the requests the deadline judged")
        .isEqualTo("86/4, 2 missed (2.22%)");
    assertThat(plain.tally()).isNull();
  }

  private static Repetition repetition(PlanMeasures measures) {
    return Repetition.measured(1, true, "ok", THREE_ERRORS, measures, null, 1000, "rep-1");
  }

  private static LatencySummary summary(long requests, long errors) {
    return new LatencySummary(requests, errors, requests, 1, 5.0, 20, 5, 9, 10, 12);
  }
}
