package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.ErrorKinds;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.MeasuresSource;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.Operations;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Messaging's measures live in its room: they answer what the core's readers ask, and run.json
 * holds them in the repetition's {@code messages} field, where it always was, read back through the
 * room's {@link MeasuresSource}.
 */
class MessagingMeasuresTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Metrics THREE_ERRORS = Metrics.of(600, new LatencyMillis(5, 9, 12, 20), 3);
  private static final MessageMetrics MESSAGES =
      new MessageMetrics(
          "one-way",
          null,
          80,
          80,
          76,
          0,
          3,
          1,
          0,
          10,
          9.5,
          null,
          new LatencyMillis(5, 9, 12, 20),
          null,
          Map.of("driver timeout", 3L),
          null,
          null,
          null,
          null);

  @Test
  void messagingTriesItsPlannedMessagesAndFailsByReasonAndLoss() {
    PlanMeasures measures = new MessagingMeasures(MESSAGES);

    assertThat(measures.attempts(THREE_ERRORS)).hasValue(80);
    assertThat(measures.unitOperation()).isEqualTo(Operations.MESSAGE);
    assertThat(measures.failures())
        .containsOnly(entry(Operations.MESSAGE, Map.of("driver timeout", 3L, ErrorKinds.LOST, 1L)));
    assertThat(measures.accounting()).isNull();
    assertThat(Operations.of(repetition(measures)).get(Operations.MESSAGE).requests())
        .isEqualTo(80);
    assertThat(measures.tally()).as("repetitions.csv's order columns stay empty").isNull();
    assertThat(measures.outcomes(List.of(measures, measures, new MessagingMeasures(null))))
        .as("driven/failed/lost, summed over the step")
        .isEqualTo("152/6/2");
  }

  @Test
  void theRoomsSourceIsOnTheClassPathForItsPlan() {
    assertThat(MeasuresSource.of(Plan.MESSAGING))
        .get()
        .isInstanceOf(MessagingMeasures.Source.class);
    assertThat(MeasuresSource.of(Plan.BATCH_ORDER)).as("the core's own measures").isEmpty();
  }

  @Test
  void aMessagingRepetitionWritesItsMessagesWhereTheyWereAndReadsThemBack() throws Exception {
    Repetition rep = repetition(new MessagingMeasures(MESSAGES)).withMiddlewareJvm(2);

    JsonNode json = JSON.valueToTree(rep);

    assertThat(names(json))
        .as("between rawData and the later fields, as when the core wrote it")
        .containsExactly(
            "number",
            "valid",
            "verdict",
            "metrics",
            "wallMillis",
            "rawData",
            "messages",
            "middlewareJvm");
    assertThat(json.path("messages").path("driven").asLong()).isEqualTo(76);
    assertThat(json.path("messages").path("failureReasons").path("driver timeout").asLong())
        .isEqualTo(3);
    Repetition read = JSON.treeToValue(json, Repetition.class);
    assertThat(read.measures()).isEqualTo(new MessagingMeasures(MESSAGES));
    assertThat((JsonNode) JSON.valueToTree(read)).isEqualTo(json);
  }

  @Test
  void aMalformedMessagesFieldIsRefusedNamingWhereItIsWrong() {
    ObjectNode json = JSON.valueToTree(repetition(new MessagingMeasures(MESSAGES)));
    ((ObjectNode) json.get("messages")).put("sent", "lots");

    assertThatThrownBy(() -> JSON.treeToValue(json, Repetition.class))
        .hasMessageContaining("messages.sent of a messaging repetition")
        .hasMessageContaining("\"lots\"");
  }

  @Test
  void aRepetitionWithoutItsPlansFieldIsTypedByTheRunsPlanNotByTheFieldsItHas() throws Exception {
    // a messaging repetition whose load failed before a message was planned: no "messages"
    JsonNode rep =
        JSON.valueToTree(
            Repetition.measured(
                1,
                false,
                "load failed",
                THREE_ERRORS,
                new MessagingMeasures(null),
                null,
                10,
                null));
    assertThat(JSON.treeToValue(rep, Repetition.class).measures())
        .as("read alone, its fields say batch-order")
        .isInstanceOf(BatchOrderMeasures.class);

    ObjectNode run = JSON.createObjectNode().put("plan", "messaging").put("runId", "r");
    run.putArray("steps").addObject().put("name", "s").putArray("repetitions").add(rep);
    RunResult read = JSON.treeToValue(run, RunResult.class);

    PlanMeasures measures = read.steps().get(0).repetitions().get(0).measures();
    assertThat(measures).isEqualTo(new MessagingMeasures(null));
    assertThat(measures.unitOperation()).isEqualTo(Operations.MESSAGE);
    JsonNode written = JSON.valueToTree(read.steps().get(0).repetitions().get(0));
    assertThat(written).as("written back as read").isEqualTo(rep);
  }

  private static Repetition repetition(PlanMeasures measures) {
    return Repetition.measured(1, true, "ok", THREE_ERRORS, measures, null, 1000, "rep-1");
  }

  private static List<String> names(JsonNode json) {
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
