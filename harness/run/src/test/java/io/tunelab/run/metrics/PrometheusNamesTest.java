package io.tunelab.run.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrometheusNamesTest {
  @Test
  void aSeriesIsItsNameInSnakeCaseAfterThePrefix() {
    assertThat(PrometheusNames.metric("broker.messageCount"))
        .isEqualTo("tunelab_broker_message_count");
    assertThat(PrometheusNames.metric("middleware.jdbcThreadsAwaitingConnection"))
        .isEqualTo("tunelab_middleware_jdbc_threads_awaiting_connection");
    assertThat(PrometheusNames.metric("cpu.tier")).isEqualTo("tunelab_cpu_tier");
    assertThat(PrometheusNames.metric("host.memoryPace")).isEqualTo("tunelab_host_memory_pace");
    assertThat(PrometheusNames.metric("host.roundTripPace"))
        .isEqualTo("tunelab_host_round_trip_pace");
  }

  @Test
  void countsSinceAStartAreCountersAndShowTheirTotal() {
    assertThat(PrometheusNames.exposed("broker.messagesAdded"))
        .isEqualTo("tunelab_broker_messages_added_total");
    assertThat(PrometheusNames.exposed("middleware.forwarded"))
        .isEqualTo("tunelab_middleware_forwarded_total");
    assertThat(PrometheusNames.exposed("broker.messageCount"))
        .isEqualTo("tunelab_broker_message_count");
  }

  @Test
  void theLabelIsNamedForWhatItLabels() {
    assertThat(PrometheusNames.labels("cpu.tier", "db")).containsExactly("tier", "db");
    assertThat(PrometheusNames.labels("broker.messageCount", "tunelab.intake"))
        .containsExactly("queue", "tunelab.intake");
    assertThat(PrometheusNames.labels("middleware.forwarded", "billing"))
        .containsExactly("stage", "billing");
    assertThat(PrometheusNames.labels("middleware.engineBusy", "middleware"))
        .containsExactly("tier", "middleware");
    assertThat(PrometheusNames.labels("db.inbox", "NEW")).containsExactly("status", "NEW");
    assertThat(PrometheusNames.labels("cpu.steal", "machine")).containsExactly("scope", "machine");
    assertThat(PrometheusNames.labels("mocks.requests", "siebel:UpdateSalesOrder"))
        .containsExactly("mock", "siebel", "operation", "UpdateSalesOrder");
  }
}
