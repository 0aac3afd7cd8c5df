package io.tunelab.run.plans.sort;

import static io.tunelab.run.plans.sort.SortRequests.BARCODE_CHARS;
import static io.tunelab.run.plans.sort.SortRequests.BARCODE_OFFSET;
import static io.tunelab.run.plans.sort.SortRequests.DEVICE_ID_CHARS;
import static io.tunelab.run.plans.sort.SortRequests.DEVICE_ID_OFFSET;
import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.run.plans.sort.SortRequests.Mix;
import io.tunelab.run.plans.sort.SortRequests.Spec;
import io.tunelab.tiers.jmeter.JmeterDashboard;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadItBroker;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.jmeter.TestLoad;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The sort-requests plan run by the load tier's JVM against a sort service in this JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SortRequestPlanIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final int ARRIVALS_PER_MINUTE = 600;
  private static final int DURATION_SECONDS = 5;

  /** What the service received: one POST. */
  private record Received(String method, String contentType, String device, String body) {}

  private final Queue<Received> received = new ConcurrentLinkedQueue<>();
  private volatile Set<String> wrongBarcodeFor = Set.of();
  private volatile int answerAfterMillis;
  private ExecutorService threads;
  private ScheduledExecutorService delayed;
  private HttpServer server;
  private LoadGenerator runner;

  @BeforeAll
  void start() throws IOException {
    threads = Executors.newFixedThreadPool(8);
    delayed = Executors.newSingleThreadScheduledExecutor();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/sort", this::sort);
    server.setExecutor(threads);
    server.start();
    runner = TestLoad.shared();
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.stop(0);
    }
    if (threads != null) {
      threads.shutdownNow();
    }
    if (delayed != null) {
      delayed.shutdownNow();
    }
  }

  @BeforeEach
  void forget() {
    received.clear();
    wrongBarcodeFor = Set.of();
    answerAfterMillis = 0;
  }

  /**
   * A stand-in sort service: a body of the wrong length is a 400; otherwise {@code OK <barcode> 7
   * 31}, or, for the message types in {@link #wrongBarcodeFor}, the answer for a parcel whose
   * barcode starts with this one's.
   */
  private void sort(HttpExchange exchange) throws IOException {
    boolean later = false;
    try {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.US_ASCII);
      received.add(
          new Received(
              exchange.getRequestMethod(),
              exchange.getRequestHeaders().getFirst("Content-Type"),
              exchange.getRequestHeaders().getFirst("X-Device"),
              body));
      if (body.length() != SortRequests.TOTAL_LENGTH) {
        answer(exchange, 400, "BAD length " + body.length());
        return;
      }
      String barcode = body.substring(BARCODE_OFFSET, BARCODE_OFFSET + BARCODE_CHARS).trim();
      String wrong = wrongBarcodeFor.contains(body.substring(0, 2)) ? "9" : "";
      String text = "OK " + barcode + wrong + " 7 31";
      if (answerAfterMillis > 0) {
        // a service slower than the arrivals' spacing: answers are in flight when they end
        later = true;
        delayed.schedule(() -> answerLater(exchange, text), answerAfterMillis, MILLISECONDS);
        return;
      }
      answer(exchange, 200, text);
    } finally {
      if (!later) {
        exchange.close();
      }
    }
  }

  private static void answerLater(HttpExchange exchange, String text) {
    try {
      answer(exchange, 200, text);
    } catch (IOException e) {
      // the client gave up: its sample says so
    } finally {
      exchange.close();
    }
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private SortRequestPlan plan(Path csv) {
    return plan(csv, 2_000);
  }

  private SortRequestPlan plan(Path csv, int responseTimeoutMillis) {
    URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/sort");
    return new SortRequestPlan(
        endpoint, csv, ARRIVALS_PER_MINUTE, DURATION_SECONDS, responseTimeoutMillis);
  }

  private static Path requests(Path dir) {
    Path csv = dir.resolve("sort-requests.csv");
    SortRequests.write(csv, new Spec(17, 500, Mix.parse("1:1:1"), 10, 20, 40, 100));
    return csv;
  }

  @Test
  void sendsTheCsvRequestsAtTheRateAndEveryAnswerForItsParcelPasses() throws IOException {
    Path dir = LoadItBroker.freshDir("sort");
    Path csv = requests(dir);
    SortRequestPlan plan = plan(csv);

    LoadRun run = runner.run(plan.loadPlan(), dir, TIMEOUT, true);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<JtlRecord> records = run.records();
    assertThat(records).allSatisfy(record -> assertThat(record.success()).isTrue());
    assertThat(records).extracting(JtlRecord::label).isSubsetOf("SC", "DM", "MX");
    assertThat(records).allSatisfy(record -> assertThat(record.get("barcode")).startsWith("TL"));
    JmeterDashboard.assertReadsTheJtl(
        dir.resolve(LocalJmeter.DASHBOARD_DIR), records, List.of("SC", "DM", "MX"));
    assertThat(records.size())
        .as("Poisson arrivals around %d planned", plan.plannedRequests())
        .isBetween(25, 80);
    assertThat(received).hasSameSizeAs(records);
    assertThat(counts(records.stream().map(JtlRecord::label).toList()))
        .as("labels are the message types sent")
        .isEqualTo(counts(received.stream().map(r -> r.body().substring(0, 2)).toList()));
    List<String> rows = Files.readAllLines(csv).stream().skip(1).toList();
    assertThat(received.stream().map(Received::body).toList())
        .as("the first rows' requests, sent as written")
        .containsExactlyInAnyOrderElementsOf(
            rows.subList(0, records.size()).stream()
                .map(row -> row.substring(row.lastIndexOf(',') + 1))
                .toList());
    assertThat(received)
        .allSatisfy(
            request -> {
              assertThat(request.method()).isEqualTo("POST");
              assertThat(request.contentType()).isEqualTo("text/plain; charset=us-ascii");
              assertThat(request.device())
                  .isEqualTo(
                      request
                          .body()
                          .substring(DEVICE_ID_OFFSET, DEVICE_ID_OFFSET + DEVICE_ID_CHARS));
            });
  }

  @Test
  void anAnswerForAnotherParcelFailsItsSample() throws IOException {
    // the MX answers name TL...9: a barcode that starts with the right one, so only the space
    // after the barcode in the assertion tells them apart
    Path dir = LoadItBroker.freshDir("sort-wrong");
    wrongBarcodeFor = Set.of("MX");

    LoadRun run = runner.run(plan(requests(dir)).loadPlan(), dir, TIMEOUT);

    assertThat(run.exitCode()).as("some samples failed, see %s", run.log()).isEqualTo(1);
    List<JtlRecord> records = run.records();
    assertThat(records).extracting(JtlRecord::label).contains("MX", "SC");
    assertThat(records)
        .allSatisfy(
            record -> {
              // HTTP 200 either way: only the Response Assertion fails a sample
              assertThat(record.responseCode()).isEqualTo("200");
              assertThat(record.success())
                  .as(record.label())
                  .isEqualTo(!"MX".equals(record.label()));
            });
  }

  /**
   * A 10-minute response timeout is also the schedule's trailing pause, five times {@link
   * #TIMEOUT}: the run ends within the timeout only because the load tier ends it once every
   * arrival started and no answer is outstanding; the answers still in flight at the last arrival
   * (each takes 400 ms) are all waited for and recorded.
   */
  @Test
  void endsOnceEveryArrivalIsAnsweredNotAfterTheTrailingPause() throws IOException {
    Path dir = LoadItBroker.freshDir("sort-idle-end");
    answerAfterMillis = 400;

    LoadRun run = runner.run(plan(requests(dir), 600_000).loadPlan(), dir, TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<JtlRecord> records = run.records();
    assertThat(records).allSatisfy(record -> assertThat(record.success()).isTrue());
    assertThat(records).hasSameSizeAs(received);
    assertThat(records).allSatisfy(r -> assertThat(r.elapsedMillis()).isGreaterThanOrEqualTo(400));
    assertThat(Files.readString(run.jmeterLog()))
        .contains("ending the run before its schedule's trailing pause");
  }

  private static Map<String, Long> counts(List<String> values) {
    return values.stream().collect(Collectors.groupingBy(value -> value, Collectors.counting()));
  }
}
