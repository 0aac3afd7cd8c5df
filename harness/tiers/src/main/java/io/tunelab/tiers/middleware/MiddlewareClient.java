package io.tunelab.tiers.middleware;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Reads the middleware's own status endpoint: {@code GET /health} (200 once running) and {@code GET
 * /status} (JSON: pid, JVM input arguments, effective settings). Thread-safe.
 */
public final class MiddlewareClient {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** Parking waits for the consumers to finish their last receive and close: seconds at most. */
  private static final Duration CONTROL_TIMEOUT = Duration.ofSeconds(60);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI statusUrl;
  private final HttpClient http;

  /**
   * @param statusUrl root of the status endpoint, e.g. {@code http://127.0.0.1:41234}
   */
  public MiddlewareClient(URI statusUrl) {
    this.statusUrl = statusUrl;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  }

  public URI statusUrl() {
    return statusUrl;
  }

  /** Whether {@code /health} answers 200 right now. */
  public boolean isHealthy() {
    try {
      checkHealthy();
      return true;
    } catch (UncheckedIOException | IllegalStateException e) {
      return false;
    }
  }

  /**
   * Fails, saying why, unless {@code /health} answers 200 right now.
   *
   * @throws UncheckedIOException when it cannot be reached
   * @throws IllegalStateException when it answers another status
   */
  public void checkHealthy() {
    HttpResponse<String> response = get("/health");
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "GET " + statusUrl + "/health answered " + response.statusCode());
    }
  }

  /** The middleware's {@code /status} document. */
  public JsonNode status() {
    HttpResponse<String> response = get("/status");
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "GET "
              + statusUrl
              + "/status answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("the middleware's /status is not JSON", e);
    }
  }

  /** POSTs to a control path ({@code /park}, {@code /resume}); fails unless it answers 200. */
  public void post(String path) {
    HttpRequest request =
        HttpRequest.newBuilder(statusUrl.resolve(path))
            .timeout(CONTROL_TIMEOUT)
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot reach the middleware at " + statusUrl, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted", e));
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "POST "
              + statusUrl
              + path
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
  }

  private HttpResponse<String> get(String path) {
    HttpRequest request =
        HttpRequest.newBuilder(statusUrl.resolve(path)).timeout(TIMEOUT).GET().build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot reach the middleware at " + statusUrl, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted", e));
    }
  }
}
