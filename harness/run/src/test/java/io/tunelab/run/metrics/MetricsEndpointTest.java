package io.tunelab.run.metrics;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.tunelab.core.BadInputException;
import io.tunelab.run.observe.SeriesValue;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
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
                  new SeriesValue("mocks.requests", "brm:GetInvoiceList", 7)),
          Optional.empty());
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
  void theObservedMiddlewaresOwnMetersAreServedThroughTheRunsEndpoint() throws Exception {
    HttpServer middleware = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    byte[] meters = "jvm_threads_live_threads{tier=\"middleware\"} 42.0\n".getBytes(UTF_8);
    middleware.createContext(
        "/metrics",
        exchange -> {
          exchange.sendResponseHeaders(200, meters.length);
          exchange.getResponseBody().write(meters);
          exchange.close();
        });
    middleware.start();
    LiveRun run = new LiveRun("x");
    try (MetricsEndpoint endpoint =
        MetricsEndpoint.start(new MetricsAddress("127.0.0.1", 0), run)) {
      URI proxied = endpoint.url().resolve("/middleware/metrics");
      assertThat(get(proxied).statusCode()).as("before the first repetition").isEqualTo(503);

      URI own = URI.create("http://127.0.0.1:" + middleware.getAddress().getPort() + "/metrics");
      run.observing("s", 1, List::of, Optional.of(own));
      HttpResponse<String> answer = get(proxied);
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("jvm_threads_live_threads{tier=\"middleware\"} 42.0\n");

      run.observing("s", 2, List::of, Optional.of(own.resolve("/nothing")));
      assertThat(get(proxied))
          .satisfies(a -> assertThat(a.statusCode()).isEqualTo(404))
          .satisfies(a -> assertThat(a.body()).contains("middleware.metrics=on"));
      assertThat(get(endpoint.url().resolve("/other")).statusCode()).isEqualTo(404);
    } finally {
      middleware.stop(0);
    }
  }

  private static HttpResponse<String> get(URI uri) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
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
