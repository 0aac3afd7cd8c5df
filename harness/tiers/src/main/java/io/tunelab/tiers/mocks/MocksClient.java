package io.tunelab.tiers.mocks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Talks to one back-end mock (Siebel or BRM) over its admin API: WireMock's own {@code
 * /__admin/settings} for latency, the tunelab extension's {@code /__admin/tunelab/...} for the
 * fault rate, the lines of repeated answer sections, the served-request counts and events.
 *
 * <p>Thread-safe; one per mock. Works against any WireMock 3 running the tunelab extension, also
 * one in a container.
 */
public final class MocksClient {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Backend backend;
  private final URI baseUrl;
  private final HttpClient http;

  /**
   * @param backend the back-end this mock plays
   * @param baseUrl the mock's root, e.g. {@code http://127.0.0.1:8089}
   */
  public MocksClient(Backend backend, URI baseUrl) {
    this.backend = backend;
    this.baseUrl = baseUrl;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  }

  /** The mock of {@code backend} in a stack. */
  public static MocksClient of(Backend backend, Endpoints endpoints) {
    return new MocksClient(backend, URI.create(backend.url(endpoints)));
  }

  public Backend backend() {
    return backend;
  }

  /** The back-end's label, for messages: {@code siebel} or {@code brm}. */
  public String name() {
    return backend.label();
  }

  public URI baseUrl() {
    return baseUrl;
  }

  /** Whether the mock answers its health check right now. */
  public boolean isHealthy() {
    try {
      return send(request("/__admin/health").GET()).statusCode() == 200;
    } catch (UncheckedIOException e) {
      return false;
    }
  }

  /** Sets WireMock's global delay, keeping its other global settings. */
  public void setLatency(Latency latency) {
    JsonNode current = json(call(request("/__admin/settings").GET())).path("settings");
    ObjectNode settings = current.isObject() ? (ObjectNode) current : JSON.createObjectNode();
    WireMockDelay.apply(latency, settings);
    call(post("/__admin/settings", settings.toString()));
  }

  /** The delay WireMock adds to every answer, read from WireMock's own settings. */
  public Latency latency() {
    JsonNode settings = json(call(request("/__admin/settings").GET())).path("settings");
    return WireMockDelay.read(
        settings.get(WireMockDelay.FIXED_DELAY), settings.get(WireMockDelay.DISTRIBUTION));
  }

  /**
   * Sets the share of requests answered with a SOAP Fault.
   *
   * @param faultRate 0 (none) .. 1 (all)
   */
  public void setFaultRate(double faultRate) {
    requireRate(faultRate);
    call(post("/__admin/tunelab/settings", "{\"faultRate\": " + faultRate + "}"));
  }

  /** Sets what the mock does to its answers: latency, faults and, where given, answer sizes. */
  public void apply(MocksConfig.Mock mock) {
    setLatency(mock.latency());
    setFaults(mock.faultRate(), mock.faultKind());
    if (!mock.repeats().isEmpty()) {
      setRepeats(mock.repeats());
    }
  }

  /**
   * Sets the share of requests failed and how they fail, in one change.
   *
   * @param faultRate 0 (none) .. 1 (all)
   */
  public void setFaults(double faultRate, FaultKind kind) {
    requireRate(faultRate);
    ObjectNode body = JSON.createObjectNode();
    body.put("faultRate", faultRate);
    body.put("faultKind", kind.label());
    call(post("/__admin/tunelab/settings", body.toString()));
  }

  private void requireRate(double faultRate) {
    if (!(faultRate >= 0 && faultRate <= 1)) {
      throw new BadInputException(
          "the " + name() + " mock's fault rate must be a number from 0 to 1, was " + faultRate);
    }
  }

  /**
   * Sets how many lines repeated sections of the mock's answers hold, e.g. {@code {"invoices": 40}}
   * for BRM's GetInvoiceList; sections not named keep theirs.
   *
   * @param repeats lines by section name, each 0..100,000 (the mock refuses more)
   */
  public void setRepeats(Map<String, Integer> repeats) {
    for (Map.Entry<String, Integer> entry : repeats.entrySet()) {
      if (entry.getValue() == null || entry.getValue() < 0) {
        throw new BadInputException(
            "the "
                + name()
                + " mock's lines of "
                + entry.getKey()
                + " must be 0 or more, was "
                + entry.getValue());
      }
    }
    ObjectNode body = JSON.createObjectNode();
    body.set("repeats", JSON.valueToTree(repeats));
    call(post("/__admin/tunelab/settings", body.toString()));
  }

  /** What the mock really runs with: threads, async responses, latency, faults, lines. */
  public MockSettings settings() {
    JsonNode settings = json(call(request("/__admin/tunelab/settings").GET()));
    return new MockSettings(
        settings.path("containerThreads").asInt(),
        settings.path("asyncResponses").asBoolean(),
        settings.path("asyncResponseThreads").asInt(),
        WireMockDelay.read(
            settings.get("fixedDelayMillis"), settings.get(WireMockDelay.DISTRIBUTION)),
        settings.path("faultRate").asDouble(),
        FaultKind.valueOf(settings.path("faultKind").asText("soap").toUpperCase(Locale.ROOT)),
        repeats(settings.path("repeats")));
  }

  private static Map<String, Integer> repeats(JsonNode repeats) {
    Map<String, Integer> lines = new TreeMap<>();
    repeats.fields().forEachRemaining(field -> lines.put(field.getKey(), field.getValue().asInt()));
    return lines;
  }

  /** Answered requests per operation since the last reset. */
  public MockCounts counts() {
    return read(call(request("/__admin/tunelab/counts").GET()), MockCounts.class);
  }

  /** Up to 10,000 answered requests after {@code sinceSequence}, oldest first. */
  public MockEvents events(long sinceSequence) {
    return events(sinceSequence, 10_000);
  }

  /** Up to {@code limit} (1..100,000) answered requests after {@code sinceSequence}. */
  public MockEvents events(long sinceSequence, int limit) {
    String query = "?since=" + sinceSequence + "&limit=" + limit;
    return read(call(request("/__admin/tunelab/events" + query).GET()), MockEvents.class);
  }

  /**
   * Forgets counts and events. Sequence numbers continue.
   *
   * @return the last sequence number handed out before the reset: poll events after it
   */
  public long reset() {
    return json(call(post("/__admin/tunelab/reset", ""))).path("lastSequence").asLong();
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(baseUrl.resolve(path)).timeout(TIMEOUT);
  }

  private HttpRequest.Builder post(String path, String json) {
    return request(path)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json));
  }

  private String call(HttpRequest.Builder builder) {
    HttpResponse<String> response = send(builder);
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "the "
              + name()
              + " mock at "
              + baseUrl
              + " answered "
              + response.statusCode()
              + " to "
              + response.request().method()
              + " "
              + response.request().uri().getPath()
              + ": "
              + response.body());
    }
    return response.body();
  }

  private HttpResponse<String> send(HttpRequest.Builder builder) {
    HttpRequest request = builder.build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot reach the " + name() + " mock at " + request.uri() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while calling the " + name() + " mock", e);
    }
  }

  private static JsonNode json(String body) {
    try {
      return JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a mock answered with malformed JSON: " + body, e);
    }
  }

  private static <T> T read(String body, Class<T> type) {
    try {
      return JSON.readValue(body, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "a mock answered JSON that is not a " + type + ": " + body, e);
    }
  }

  @Override
  public String toString() {
    return name() + " mock at " + baseUrl;
  }
}
