package io.tunelab.run.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.run.observe.SeriesValue;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The endpoint scraped over HTTP as Prometheus scrapes it, fed by a run's live series. */
class MetricsEndpointTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static String scrape(MetricsEndpoint endpoint) throws Exception {
    return HTTP.send(
            HttpRequest.newBuilder(endpoint.url()).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void aScrapeShowsWhereTheRunIsAndWhatItsObserverLastRead() throws Exception {
    LiveRun run = new LiveRun("quickstart");
    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start(new MetricsAddress("127.0.0.1", 0), run)) {
      assertThat(endpoint.url().toString()).startsWith("http://127.0.0.1:").endsWith("/metrics");
      assertThat(scrape(endpoint))
          .contains("tunelab_repetition{experiment=\"quickstart\",step=\"\"} 0.0")
          .doesNotContain("tunelab_cpu_tier");

      run.observing(
          "brm-50ms",
          2,
          () ->
              List.of(
                  new SeriesValue("cpu.tier", "db", 41.5),
                  new SeriesValue("cpu.tier", "middleware", 88.0),
                  new SeriesValue("broker.messageCount", "tunelab.intake", 12),
                  new SeriesValue("broker.messagesAdded", "tunelab.intake", 300),
                  new SeriesValue("mocks.requests", "brm:GetInvoiceList", 7)));
      run.measuring();
      String body = scrape(endpoint);
      assertThat(body)
          .contains("tunelab_repetition{experiment=\"quickstart\",step=\"brm-50ms\"} 2.0")
          .contains("tunelab_measuring{experiment=\"quickstart\",step=\"brm-50ms\"} 1.0")
          .contains("# TYPE tunelab_cpu_tier gauge")
          .contains(
              "tunelab_cpu_tier{experiment=\"quickstart\",step=\"brm-50ms\",tier=\"db\"} 41.5")
          .contains(
              "tunelab_cpu_tier{experiment=\"quickstart\",step=\"brm-50ms\",tier=\"middleware\"} 88.0")
          .contains(
              "tunelab_broker_message_count{experiment=\"quickstart\",queue=\"tunelab.intake\","
                  + "step=\"brm-50ms\"} 12.0")
          .contains("# TYPE tunelab_broker_messages_added_total counter")
          .contains(
              "tunelab_broker_messages_added_total{experiment=\"quickstart\","
                  + "queue=\"tunelab.intake\",step=\"brm-50ms\"} 300.0")
          .contains(
              "tunelab_mocks_requests_total{experiment=\"quickstart\",mock=\"brm\","
                  + "operation=\"GetInvoiceList\",step=\"brm-50ms\"} 7.0");

      run.between();
      assertThat(scrape(endpoint))
          .contains("tunelab_measuring{experiment=\"quickstart\",step=\"brm-50ms\"} 0.0")
          .doesNotContain("tunelab_cpu_tier");
    }
  }

  @Test
  void aTakenPortIsBadInputNamingTheAddress() {
    LiveRun run = new LiveRun("x");
    try (MetricsEndpoint first = MetricsEndpoint.start(new MetricsAddress("127.0.0.1", 0), run)) {
      int taken = first.url().getPort();
      assertThatThrownBy(() -> MetricsEndpoint.start(new MetricsAddress("127.0.0.1", taken), run))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("--metrics 127.0.0.1:" + taken + ": cannot listen there")
          .hasMessageContaining("free port");
    }
  }
}
