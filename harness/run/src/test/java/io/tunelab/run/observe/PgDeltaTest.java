package io.tunelab.run.observe;

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
          Map.of("1/10/true", statement("SELECT a FROM xref_data", 10, 50)),
          40);
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
              "3/10/true", statement("SELECT 1", 0, 0)),
          52);

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
  void plansAndPlanningTimeAreDeltasOfTheWindow() {
    PgSnapshot.Statement before =
        new PgSnapshot.Statement(
            "UPDATE sort_chute SET n = n + $1",
            Map.of("calls", 10.0, "total_exec_time", 5.0, "plans", 10.0, "total_plan_time", 2.0));
    PgSnapshot.Statement after =
        new PgSnapshot.Statement(
            "UPDATE sort_chute SET n = n + $1",
            Map.of(
                "calls", 110.0, "total_exec_time", 55.0, "plans", 108.0, "total_plan_time", 22.0));
    PgDelta delta =
        new PgDelta(
            snapshot(Map.of(), Map.of("7/10/true", before), 0),
            snapshot(Map.of(), Map.of("7/10/true", after), 0));

    assertThat(delta.statements())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.plans()).isEqualTo(98);
              assertThat(s.totalPlanMillis()).isEqualTo(20.0);
            });
    ObjectNode top =
        (ObjectNode) delta.json(new ObjectMapper(), 100, 1).path("topStatements").get(0);
    assertThat(top.path("plans").asLong()).isEqualTo(98);
    assertThat(top.path("totalPlanMillis").asDouble()).isEqualTo(20.0);
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

  private static PgSnapshot snapshot(
      Map<String, Map<String, Double>> views,
      Map<String, PgSnapshot.Statement> statements,
      double ownCalls) {
    return new PgSnapshot(0, views, Map.of(), Map.of(), statements, ownCalls);
  }

  @Test
  void walBytesAreTheInsertPositionsAdvanceElsePgStatWal() {
    PgSnapshot start =
        snapshot(
            Map.of(
                "database", Map.of("wal_position_bytes", 1_000_000.0),
                "wal", Map.of("wal_bytes", 5_000.0)),
            Map.of(),
            0);
    PgSnapshot end =
        snapshot(
            Map.of(
                "database", Map.of("wal_position_bytes", 1_800_000.0),
                "wal", Map.of("wal_bytes", 700_000.0)),
            Map.of(),
            0);
    PgSnapshot withoutPosition =
        snapshot(Map.of("wal", Map.of("wal_bytes", 700_000.0)), Map.of(), 0);

    assertThat(new PgDelta(start, end).walBytes()).hasValue(800_000);
    assertThat(new PgDelta(start, withoutPosition).walBytes()).hasValue(695_000);
    assertThat(new PgDelta(START, END).walBytes()).isEmpty();
  }

  @Test
  void statementCallsCountEveryTopLevelStatementNotOnlyTheTopOnes() {
    Map<String, PgSnapshot.Statement> before = new java.util.HashMap<>();
    Map<String, PgSnapshot.Statement> after = new java.util.HashMap<>();
    for (int i = 0; i < PgDelta.TOP_STATEMENTS + 5; i++) {
      before.put(i + "/10/true", statement("SELECT " + i, 10, 1));
      after.put(i + "/10/true", statement("SELECT " + i, 12, 1));
    }
    // Run inside a function (track=all): what the client sent is counted once, as its call.
    after.put("99/10/false", statement("UPDATE inside_a_function", 500, 1));
    after.put("98/10/true", statement("INSERT new_in_the_window", 7, 1));

    PgDelta delta = new PgDelta(snapshot(Map.of(), before, 0), snapshot(Map.of(), after, 0));

    assertThat(delta.statementCalls()).hasValue((PgDelta.TOP_STATEMENTS + 5) * 2 + 7);
    assertThat(
            new PgDelta(snapshot(Map.of(), Map.of(), 0), snapshot(Map.of(), Map.of(), 0))
                .statementCalls())
        .isEmpty();
  }

  @Test
  void commitsLeaveOutOneTransactionPerStatementOfTheObserverAndTheHarness() {
    // xact_commit 100 -> 160; the observer's and the drain watcher's statements 40 -> 52.
    assertThat(new PgDelta(START, END).commits()).hasValue(48);
  }
}
