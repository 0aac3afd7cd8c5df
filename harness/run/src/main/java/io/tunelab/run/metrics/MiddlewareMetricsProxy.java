package io.tunelab.run.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * Every path of the metrics endpoint but {@code /metrics} and {@code /-/healthy}: {@code
 * /middleware/metrics} answers with the observed middleware's own meters (its {@code /metrics},
 * with {@code middleware.metrics=on}), so one scrape target follows the middleware JVMs a run
 * starts and restarts on ports of their own; anything else is a 404 naming the paths there are.
 */
final class MiddlewareMetricsProxy implements HttpHandler {
  static final String PATH = "/middleware/metrics";
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final LiveRun run;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  MiddlewareMetricsProxy(LiveRun run) {
    this.run = run;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!exchange.getRequestURI().getPath().equals(PATH)) {
        answer(exchange, 404, "text/plain", "here: /metrics (the run's series), " + PATH + "\n");
        return;
      }
      Optional<URI> middleware = run.now().middlewareMetrics();
      if (middleware.isEmpty()) {
        answer(
            exchange,
            503,
            "text/plain",
            "no middleware is observed now (before the first repetition or between two)\n");
        return;
      }
      forward(exchange, middleware.get());
    }
  }

  private void forward(HttpExchange exchange, URI middleware) throws IOException {
    HttpResponse<String> answer;
    try {
      answer =
          http.send(
              HttpRequest.newBuilder(middleware).timeout(TIMEOUT).build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      answer(exchange, 502, "text/plain", "the middleware did not answer: " + e + "\n");
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      answer(exchange, 503, "text/plain", "interrupted\n");
      return;
    }
    if (answer.statusCode() == 404) {
      answer(
          exchange,
          404,
          "text/plain",
          "the middleware serves no meters: run with --set middleware.metrics=on\n");
      return;
    }
    answer(
        exchange,
        answer.statusCode(),
        answer.headers().firstValue("Content-Type").orElse("text/plain"),
        answer.body());
  }

  private static void answer(HttpExchange exchange, int code, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
