package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.measure.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A plan's measures are typed in code and sit beside the other fields in run.json, as before. */
class RepetitionJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Metrics METRICS = Metrics.of(100, new LatencyMillis(1, 2, 3, 4), 0);
  private static final MeasuredWindow WINDOW =
      new MeasuredWindow("backlog", 50, "release", 50L, 0L, 12.5, 10.0, 240, null, 1.5, 3.2);

  @Test
  void aBatchOrderRepetitionWritesItsAccountingAndWindowWhereTheyWere() throws Exception {
    Repetition rep =
        Repetition.measured(
                1,
                true,
                "ok",
                METRICS,
                new BatchOrderMeasures(new OrderAccounting(50, 50, 0, 0, 0), WINDOW),
                null,
                1000,
                "s/rep-1")
            .withMiddlewareJvm(2);

    JsonNode json = JSON.valueToTree(rep);

    assertThat(names(json))
        .containsExactly(
            "number",
            "valid",
            "verdict",
            "metrics",
            "accounting",
            "wallMillis",
            "rawData",
            "window",
            "middlewareJvm");
    assertThat(json.path("accounting").path("completed").asInt()).isEqualTo(50);
    assertThat(json.path("window").path("mode").asText()).isEqualTo("backlog");
    Repetition read = JSON.treeToValue(json, Repetition.class);
    assertThat(read).isEqualTo(rep);
    assertThat(read.measures())
        .isEqualTo(new BatchOrderMeasures(new OrderAccounting(50, 50, 0, 0, 0), WINDOW));
  }

  @Test
  void theRequestsOfUsersBesideADrainAreTheBatchsBesideOperations() throws Exception {
    LatencySummary all = new LatencySummary(40, 2, 480, 5, 20, 90, 18, 40, 60, 85);
    RequestMetrics beside =
        new RequestMetrics("closed", 40, 40, 2, 5.0, all, Map.of("GetInvoiceList", all), null, null)
            .withOperations(Map.of(), Map.of("GetInvoiceList", Map.of("500 timeout", 2L)));
    Repetition rep =
        Repetition.measured(
            1,
            true,
            "ok",
            METRICS,
            new BatchOrderMeasures(new OrderAccounting(50, 50, 0, 0, 0), WINDOW, beside),
            null,
            1000,
            "s/rep-1");

    JsonNode json = JSON.valueToTree(rep);

    assertThat(names(json)).contains("accounting", "window", "beside").doesNotContain("requests");
    assertThat(json.path("beside").path("requests").asInt()).isEqualTo(40);
    Repetition read = JSON.treeToValue(json, Repetition.class);
    assertThat(read.measures().beside()).isEqualTo(beside);
    assertThat(read.measures().requests()).as("not the plan's own requests").isNull();
    assertThat(Operations.of(read))
        .containsOnlyKeys(Operations.ORDER, "beside:GetInvoiceList")
        .hasEntrySatisfying(
            "beside:GetInvoiceList",
            op -> {
              assertThat(op.requests()).isEqualTo(40);
              assertThat(op.errors()).isEqualTo(2);
            });
    assertThat(read.measures().failures())
        .containsEntry("beside:GetInvoiceList", Map.of("500 timeout", 2L));
    assertThat(read.measures().attempts(METRICS)).as("orders, not queries").hasValue(50);
  }

  @Test
  void aSoapRepetitionWritesItsRequestsAndNoAccounting() throws Exception {
    LatencySummary all = new LatencySummary(30, 1, 600, 5, 20, 90, 18, 40, 60, 85);
    RequestMetrics requests =
        new RequestMetrics(
            "closed", 30, 30, 1, 3.3, all, Map.of("GetInvoiceList", all), null, null);
    Repetition rep =
        Repetition.measured(
            2, true, "ok", METRICS, new RequestMeasures(requests), null, 1000, "s/rep-2");

    JsonNode json = JSON.valueToTree(rep);

    assertThat(names(json)).contains("requests").doesNotContain("accounting", "window", "measures");
    Repetition read = JSON.treeToValue(json, Repetition.class);
    assertThat(read.measures()).isEqualTo(new RequestMeasures(requests));
  }

  @Test
  void anOlderBatchOrderRunWithoutAWindowReadsBackWithItsAccounting() throws Exception {
    ObjectNode json =
        JSON.valueToTree(
            Repetition.measured(
                1,
                true,
                "ok",
                METRICS,
                BatchOrderMeasures.of(new OrderAccounting(10, 9, 1, 0, 0)),
                null,
                1000,
                "s/rep-1"));

    Repetition read = JSON.treeToValue(json, Repetition.class);

    assertThat(read.measures())
        .isEqualTo(new BatchOrderMeasures(new OrderAccounting(10, 9, 1, 0, 0), null));
  }

  private static List<String> names(JsonNode json) {
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
