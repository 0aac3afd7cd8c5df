package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs.AuditLevel;
import io.tunelab.core.knobs.MiddlewareKnobs.InstancePersistence;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstanceRecordsRuleTest {
  private static final String STATE =
      "INSERT INTO instance_state (instance_id, stage, encoding, state, state_bytes) VALUES ($1,"
          + " $2, $3, $4, $5) ON CONFLICT (instance_id) DO UPDATE SET stage = excluded.stage";
  private static final String AUDIT =
      "INSERT INTO audit_detail (instance_id, activity, logged_at, payload, payload_bytes) VALUES"
          + " ($1, $2, $3, $4, $5)";
  private static final String REHYDRATE =
      "SELECT encoding, state FROM instance_state WHERE instance_id = $1";
  private static final String ORDER_INSTANCE =
      "INSERT INTO process_instance (flow, conversation_id, state, stage, intake_at) VALUES ($1,"
          + " $2, $5, $3, $4) RETURNING instance_id";
  private static final String DELIVERY =
      "INSERT INTO delivery_message (message_id, destination, order_id, payload) VALUES ($1, $2,"
          + " $3, $4) ON CONFLICT (message_id) DO NOTHING RETURNING delivery_id";
  private static final String XREF =
      "SELECT value FROM xref_data WHERE xref_table_name = $1 AND xref_column_name = $2";

  private static RunData with(TopStatement... statements) {
    return RunData.empty(60_000).withAll(TopStatement.class, List.of(statements));
  }

  private static TopStatement statement(String query, long calls, double millis) {
    return new TopStatement(query, calls, millis, calls, 0, 0);
  }

  /**
   * The order-to-bill flow with the xref index, as run 20261130-194612's tuned step measured it.
   */
  @Test
  void orderInstancesWithMostOfTheStatementTimeProposeTransientInstancesThenProductionAudit() {
    RunData data =
        with(
            statement(STATE, 1530, 1432),
            statement(DELIVERY, 1530, 1018),
            statement(AUDIT, 13879, 709),
            statement(REHYDRATE, 1224, 633),
            statement(XREF, 6144, 193),
            statement(ORDER_INSTANCE, 306, 21));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.INSTANCE_RECORDS);
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message())
                  .contains("record of its orders")
                  .contains("took 70% of the database's statement time (2795 of 4006 ms,")
                  .contains("middleware.instance.persistence=faulted")
                  .contains("middleware.audit.level=production");
              assertThat(f.evidence())
                  .hasSize(4)
                  .element(1)
                  .asString()
                  .startsWith(
                      "db-snapshot.json topStatements: 1432 ms in 1530 calls of INSERT INTO instance_state");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.set(
                          MiddlewareKnobs.INSTANCE_PERSISTENCE,
                          InstancePersistence.FAULTED,
                          InstancePersistence.OFF),
                      Candidate.set(
                          MiddlewareKnobs.AUDIT_LEVEL, AuditLevel.PRODUCTION, AuditLevel.OFF));
              CandidateTest.assertKnown(f);
            });
  }

  /** Without the xref index the lookups' scans hold the time: the records are not the limit yet. */
  @Test
  void recordsUnderTheShareOrNoStatementsHaveNoFinding() {
    assertThat(
            Findings.of(
                with(
                    statement(XREF, 6144, 5000),
                    statement(STATE, 1530, 1432),
                    statement(AUDIT, 13879, 709))))
        .isEmpty();
    assertThat(Findings.of(RunData.empty(60_000))).isEmpty();
  }

  @Test
  void aShortAuditTrailIsNotProposed() {
    assertThat(
            Findings.of(
                with(
                    statement(STATE, 1530, 1432),
                    statement(AUDIT, 1530, 50),
                    statement(XREF, 6144, 200))))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.candidates())
                    .extracting(Candidate::knob)
                    .containsExactly("middleware.instance.persistence"));
  }

  /** Billing-care writes its instance once and a tracking row: its own knobs are proposed. */
  @Test
  void billingCareRequestsProposeTheBillingKnobsWithTrackingOff() {
    RunData data =
        with(
            statement(STATE, 900, 2000),
            statement(AUDIT, 5400, 600),
            statement(
                "INSERT INTO process_instance (flow, conversation_id, state, stage, started_at,"
                    + " ended_at, fault_reason) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING"
                    + " instance_id",
                900,
                90),
            statement(
                "INSERT INTO request_tracking (operation, customer_id, started_at, ended_at,"
                    + " status) VALUES ($1, $2, $3, $4, $5)",
                900,
                80),
            statement(XREF, 900, 300));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message())
                  .contains(
                      "record of its requests (instance rows, dehydrated state, audit"
                          + " trail, tracking)")
                  .contains("middleware.billing.instancePersistence=faulted")
                  .contains("middleware.billing.tracking=off");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.set(
                          MiddlewareKnobs.BILLING_INSTANCE_PERSISTENCE,
                          InstancePersistence.FAULTED,
                          InstancePersistence.OFF),
                      Candidate.set(
                          MiddlewareKnobs.BILLING_AUDIT_LEVEL,
                          AuditLevel.PRODUCTION,
                          AuditLevel.OFF),
                      Candidate.set(MiddlewareKnobs.BILLING_TRACKING, false));
              CandidateTest.assertKnown(f);
            });
  }
}
