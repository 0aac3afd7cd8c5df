package io.tunelab.tiers.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.findings.TopStatement;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PgDeltaTest {
  private static PgSnapshot.Statement statement(String query, double calls, double millis) {
    return new PgSnapshot.Statement(
        query, Map.of("calls", calls, "total_exec_time", millis, "rows", calls));
  }

  private static final PgSnapshot START =
      new PgSnapshot(
          1_000,
          Map.of("database", Map.of("xact_commit", 100.0, "numbackends", 3.0)),
          Map.of(
              "xref_data", Map.of("seq_scan", 10.0, "seq_tup_read", 7_000.0, "n_live_tup", 700.0)),
          Map.of(),
          Map.of("1/10/true", statement("SELECT a FROM xref_data", 10, 50)));
  private static final PgSnapshot END =
      new PgSnapshot(
          61_000,
          Map.of("database", Map.of("xact_commit", 160.0, "numbackends", 9.0)),
          Map.of(
              "xref_data",
              Map.of(
                  "seq_scan",
                  110.0,
                  "seq_tup_read",
                  77_000.0,
                  "idx_scan",
                  4.0,
                  "n_live_tup",
                  720.0),
              "order_inbox",
              Map.of("seq_scan", 2.0)),
          Map.of(),
          Map.of(
              "1/10/true", statement("SELECT a FROM xref_data", 30, 250),
              "2/10/true", statement("INSERT INTO audit_detail", 500, 400),
              "3/10/true", statement("SELECT 1", 0, 0)));

  @Test
  void countersAreDeltasAndGaugesTheirEndValue() {
    Map<String, Double> delta =
        PgDelta.delta(START.views().get("database"), END.views().get("database"));

    assertThat(delta).containsEntry("xact_commit", 60.0).containsEntry("numbackends", 9.0);
  }

  @Test
  void tablesCountScansInTheWindowAndTablesNewToItFromZero() {
    assertThat(new PgDelta(START, END).tables())
        .containsExactlyInAnyOrder(
            new TableScans("xref_data", 100, 70_000, 4, 720),
            new TableScans("order_inbox", 2, 0, 0, 0));
  }

  @Test
  void topStatementsAreByTimeInTheWindowWithoutStatementsNotCalledInIt() {
    assertThat(new PgDelta(START, END).statements())
        .containsExactly(
            new TopStatement("INSERT INTO audit_detail", 500, 400, 500, 0, 0),
            new TopStatement("SELECT a FROM xref_data", 20, 200, 20, 0, 0));
  }

  @Test
  void theSnapshotFileHoldsEveryPart() {
    ObjectNode json = new PgDelta(START, END).json(new ObjectMapper(), 100, 12);

    assertThat(json.path("database").path("xact_commit").asDouble()).isEqualTo(60);
    assertThat(json.path("tables").path("xref_data").path("seq_scan").asDouble()).isEqualTo(100);
    assertThat(json.path("topStatements").get(0).path("calls").asLong()).isEqualTo(500);
    assertThat(json.path("topStatements").get(0).path("queryId").asText()).isEqualTo("2");
    assertThat(json.path("maxConnections").asInt()).isEqualTo(100);
    assertThat(json.path("peakClientConnections").asInt()).isEqualTo(12);
  }
}
