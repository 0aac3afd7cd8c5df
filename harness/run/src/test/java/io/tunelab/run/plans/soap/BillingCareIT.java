package io.tunelab.run.plans.soap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.tiers.jmeter.JmeterDashboard;
import io.tunelab.tiers.jmeter.LoadPlan;
import io.tunelab.tiers.jmeter.SpreadOverInstances;
import io.tunelab.tiers.jmeter.TestLoad;
import io.tunelab.tiers.middleware.BillingCareClient;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.mocks.MockCounts;
import io.tunelab.tiers.mocks.MockEvents;
import io.tunelab.tiers.stack.StackConfig;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The billing-care SOAP service of the real middleware, driven by the concurrent-SOAP plans in
 * their own JMeter JVM and by direct requests, on one shared stack: answers, statistics, knobs and
 * faults, all read back from the tiers themselves (JTL, /status, the BRM mock's counters, the
 * database).
 */
class BillingCareIT {
  private static final Path DIR = Path.of("target/billing-care-it");
  private static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);
  private static final List<String> OPERATIONS =
      List.of("GetBalanceSummary", "GetInvoiceList", "GetUnbilledUsage");

  private static FlowFixture fixture;
  private static Path customers;

  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
    customers = DIR.resolve("customers.csv");
    int rows =
        BillingCustomers.writeCsv(
            fixture.endpoints.db(),
            fixture.endpoints.dbUser(),
            fixture.endpoints.dbPassword(),
            customers,
            50);
    assertThat(rows).isEqualTo(50);
  }

  @BeforeEach
  void cleanSlate() {
    fixture.reset();
    fixture.brm().setLatency(Latency.NONE);
  }

  @Test
  void twoInstancesBothServeTheBillingCareRequestsSpreadOverThem() throws Exception {
    try (MiddlewareTier middleware =
        fixture.middleware(KnobSet.defaults().with("middleware.instances", "2"), "spread")) {
      ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(middleware.billingUrl(), customers, 4, 3);

      ConcurrentSoapResult result =
          ConcurrentSoapResult.run(
              SpreadOverInstances.over(TestLoad.shared(), middleware.billingUrls()),
              plan,
              DIR.resolve("spread"),
              RUN_TIMEOUT,
              false);

      assertThat(result.stats().overall().requests()).isEqualTo(36);
      assertThat(result.stats().overall().errors()).isZero();
      List<Long> served =
          middleware.statuses().stream()
              .map(
                  status -> {
                    long requests = 0;
                    for (JsonNode operation : status.path("billing").path("operations")) {
                      requests += operation.path("requests").asLong();
                    }
                    return requests;
                  })
              .toList();
      assertThat(served).as("requests served by each instance").containsExactly(18L, 18L);
    }
  }

  @Test
  void shortRunAnswersEveryRequestAboutItsCustomerAndItsStatisticsMatchAHandCheck()
      throws java.io.IOException {
    fixture.brm().setLatency(new Latency.Fixed(50));
    ConcurrentSoapResult result;
    try (MiddlewareTier middleware = fixture.middleware(KnobSet.defaults(), "billing-short")) {
      ConcurrentSoapPlan plan =
          ConcurrentSoapPlan.closed(middleware.billingUrl(), customers, 4, 10);
      result =
          ConcurrentSoapResult.run(
              TestLoad.shared(), plan, DIR.resolve("short-run"), RUN_TIMEOUT, true);
    }

    assertThat(result.load().succeeded()).as("load run, see %s", result.load().log()).isTrue();
    List<JtlRecord> samples = result.samples();
    assertThat(samples).hasSize(120).allMatch(JtlRecord::success);
    assertThat(
            samples.stream()
                .collect(Collectors.groupingBy(JtlRecord::label, Collectors.counting())))
        .isEqualTo(Map.of(OPERATIONS.get(0), 40L, OPERATIONS.get(1), 40L, OPERATIONS.get(2), 40L));
    assertMatchesHandCheck(result.stats().overall(), samples);
    for (String operation : OPERATIONS) {
      List<JtlRecord> ofOperation =
          samples.stream().filter(s -> s.label().equals(operation)).toList();
      assertMatchesHandCheck(result.stats().byOperation().get(operation), ofOperation);
      // The BRM latency reached the mock for every operation: no answer came sooner.
      assertThat(result.stats().byOperation().get(operation).minMillis())
          .isGreaterThanOrEqualTo(50);
    }
    assertThat(result.dashboard()).as("JMeter's HTML dashboard").isPresent();
    JmeterDashboard.assertReadsTheJtl(result.dashboard().get().getParent(), samples, OPERATIONS);
    assertThat(samples).allSatisfy(s -> assertThat(s.get("customerId")).startsWith("1-"));
    MockCounts brm = fixture.brm().counts();
    for (String operation : List.of("GetBalanceSummary", "GetInvoiceList", "GetServiceUsage")) {
      assertThat(brm.operation(operation).count()).as(operation).isEqualTo(40);
    }
    // Defaults: tracking on, every instance with its audit trail and payloads.
    assertThat(fixture.count("SELECT count(*) FROM request_tracking WHERE status = 'completed'"))
        .isEqualTo(120);
    assertThat(billingInstances("completed")).isEqualTo(120);
    assertThat(fixture.count("SELECT count(*) FROM audit_detail WHERE payload IS NOT NULL"))
        .isEqualTo(120 * 5);
    assertThat(fixture.count("SELECT count(*) FROM instance_state WHERE state_bytes > 0"))
        .as("every persisted request dehydrated its state")
        .isEqualTo(120);
  }

  /** Count, min, max, mean, nearest-rank percentiles and throughput, computed by hand. */
  private static void assertMatchesHandCheck(LatencySummary summary, List<JtlRecord> samples) {
    List<Long> sorted = samples.stream().map(JtlRecord::elapsedMillis).sorted().toList();
    int n = sorted.size();
    assertThat(summary.requests()).isEqualTo(n);
    assertThat(summary.errors()).isZero();
    assertThat(summary.minMillis()).isEqualTo(sorted.get(0));
    assertThat(summary.maxMillis()).isEqualTo(sorted.get(n - 1));
    assertThat(summary.meanMillis())
        .isCloseTo(sorted.stream().mapToLong(Long::longValue).average().orElseThrow(), within());
    assertThat(summary.p50Millis()).isEqualTo(sorted.get((int) Math.ceil(0.50 * n) - 1));
    assertThat(summary.p90Millis()).isEqualTo(sorted.get((int) Math.ceil(0.90 * n) - 1));
    assertThat(summary.p99Millis()).isEqualTo(sorted.get((int) Math.ceil(0.99 * n) - 1));
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }

  @Test
  void serverThreadsBoundTheRequestsServedAtOnceAndBrmConnectionsTheCallsToBrm() {
    fixture.brm().setLatency(new Latency.Fixed(300));
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.billing.serverThreads", "2")
            .with("middleware.billing.brmConnections", "1");
    List<String> parties = fixture.parties(6);
    try (MiddlewareTier middleware = fixture.middleware(knobs, "billing-threads")) {
      BillingCareClient client = new BillingCareClient(middleware.billingUrl());
      long started = System.nanoTime();
      List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
      for (String party : parties) {
        answers.add(client.askAsync("GetBalanceSummary", party));
      }
      for (CompletableFuture<HttpResponse<String>> answer : answers) {
        assertThat(answer.join().statusCode()).isEqualTo(200);
      }
      long millis = (System.nanoTime() - started) / 1_000_000;

      JsonNode billing = middleware.status().path("billing");
      assertThat(billing.path("serverThreads").asInt()).isEqualTo(2);
      assertThat(billing.path("peakInFlight").asInt()).isEqualTo(2);
      // One connection to BRM: each call starts after the previous answer, 300 ms later at least.
      List<Long> due =
          fixture.brm().events(0, 100).events().stream()
              .map(MockEvents.Event::epochMillis)
              .sorted()
              .toList();
      assertThat(due).hasSize(6);
      for (int i = 1; i < due.size(); i++) {
        assertThat(due.get(i) - due.get(i - 1))
            .as("BRM answer %d after %d", i, i - 1)
            .isGreaterThanOrEqualTo(300);
      }
      assertThat(millis).isGreaterThanOrEqualTo(6 * 300);
    }
  }

  @Test
  void brmFaultsBecomeSoapFaultsCountedAsErrorsAndOnlyFaultedRequestsAreRecorded() {
    fixture.brm().setFaultRate(0.3);
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.invoke.retries", "0")
            .with("middleware.billing.tracking", "off")
            .with("middleware.billing.instancePersistence", "faulted")
            .with("middleware.billing.auditLevel", "production");
    ConcurrentSoapResult result;
    JsonNode billing;
    String unknown;
    String brmFault;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "billing-faults")) {
      ConcurrentSoapPlan plan =
          ConcurrentSoapPlan.closed(middleware.billingUrl(), customers, 3, 10);
      result =
          ConcurrentSoapResult.run(
              TestLoad.shared(), plan, DIR.resolve("fault-run"), RUN_TIMEOUT, false);
      BillingCareClient client = new BillingCareClient(middleware.billingUrl());
      unknown = client.ask("GetInvoiceList", "1-NOSUCH").body();
      fixture.brm().setFaultRate(1.0);
      brmFault = client.ask("GetUnbilledUsage", fixture.parties(1).get(0)).body();
      billing = middleware.status().path("billing");
    }

    long errors = result.stats().overall().errors();
    assertThat(result.load().exitCode())
        .as("a run with failed samples ends with status 1")
        .isEqualTo(1);
    assertThat(result.samples()).hasSize(90);
    assertThat(errors).isPositive().isLessThan(90);
    assertThat(result.samples().stream().filter(s -> !s.success()))
        .allMatch(s -> s.responseCode().equals("500"));
    assertThat(fixture.brm().counts().faults())
        .as("one BRM call per request")
        .isEqualTo(errors + 1);
    long serverFaults = 0;
    for (String operation : OPERATIONS) {
      serverFaults += billing.path("operations").path(operation).path("serverFaults").asLong();
    }
    assertThat(serverFaults).isEqualTo(errors + 1);
    assertThat(billing.path("operations").path("unknownCustomers").asLong()).isEqualTo(1);

    assertThat(unknown).contains("<faultcode>soap:Client</faultcode>", "unknown customer 1-NOSUCH");
    assertThat(brmFault)
        .contains("<faultcode>soap:Server</faultcode>", "GetUnbilledUsage for customer")
        .contains("brm GetServiceUsage failed after 1 attempt(s): HTTP 500");
    // tracking off; instance rows for the faulted requests only, audit rows without payloads
    assertThat(fixture.count("SELECT count(*) FROM request_tracking")).isZero();
    assertThat(billingInstances("completed")).isZero();
    assertThat(billingInstances("faulted")).isEqualTo(errors + 2);
    assertThat(fixture.count("SELECT count(*) FROM instance_state"))
        .as("state of the faulted requests only")
        .isEqualTo(errors + 2);
    assertThat(fixture.count("SELECT count(*) FROM audit_detail WHERE payload IS NOT NULL"))
        .isZero();
    assertThat(fixture.count("SELECT count(*) FROM audit_detail")).isPositive();
  }

  @Test
  void openModelReportsItsTargetAndAchievedRateAndPolicyOffWritesNoInstance() {
    KnobSet knobs = KnobSet.defaults().with("middleware.billing.instancePersistence", "off");
    ConcurrentSoapResult result;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "billing-open")) {
      ConcurrentSoapPlan plan =
          ConcurrentSoapPlan.open(middleware.billingUrl(), customers, 240, 5)
              .withResponseTimeoutMillis(5_000);
      result =
          ConcurrentSoapResult.run(
              TestLoad.shared(), plan, DIR.resolve("open-run"), RUN_TIMEOUT, false);
    }

    assertThat(result.load().succeeded()).as("load run, see %s", result.load().log()).isTrue();
    assertThat(result.samples()).isNotEmpty().allMatch(JtlRecord::success);
    assertThat(result.targetArrivalsPerMinute()).hasValue(240);
    // Spread over the schedule, not one burst (a setUp group before an open model group made 20
    // arrivals planned over 5 s come within 0.1 s: 10,000+ a minute). Below 4 x the target
    // leaves room for the engine starting late on a busy machine.
    assertThat(result.achievedArrivalsPerMinute()).isPresent();
    assertThat(result.achievedArrivalsPerMinute().getAsDouble()).isPositive().isLessThan(4 * 240);
    assertThat(billingInstances("completed") + billingInstances("faulted")).isZero();
    assertThat(fixture.count("SELECT count(*) FROM request_tracking"))
        .isEqualTo(result.samples().size());
  }

  @Test
  void brmAnswerSizeKnobsReachTheMockAndTheMiddlewareMapsEveryLine() throws Exception {
    KnobSet big =
        KnobSet.defaults().with("mocks.brm.invoices", "40").with("mocks.brm.usageLines", "200");
    String party = fixture.parties(1).get(0);
    try (MiddlewareTier middleware = fixture.middleware(KnobSet.defaults(), "billing-lines")) {
      BillingCareClient client = new BillingCareClient(middleware.billingUrl());

      // as a run applies a step's knobs to the mocks (RunTiers), live
      fixture.brm().setRepeats(StackConfig.brmRepeats(big));
      assertThat(fixture.brm().settings().repeats())
          .isEqualTo(Map.of("invoices", 40, "usageLines", 200));
      assertAnswerLines(client, party, 40, 200);
      long bigState = usageStateBytes("max");

      KnobSet small = big.with("mocks.brm.invoices", "3").with("mocks.brm.usageLines", "3");
      fixture.brm().setRepeats(StackConfig.brmRepeats(small));
      assertAnswerLines(client, party, 3, 3);
      // the dehydrated state holds BRM's answer and the reply: it grows with their lines
      assertThat(bigState).isGreaterThan(10 * usageStateBytes("min"));
    }
  }

  private static long usageStateBytes(String aggregate) {
    return fixture.count(
        "SELECT "
            + aggregate
            + "(state_bytes) FROM instance_state WHERE stage = 'GetUnbilledUsage'");
  }

  /** The BRM mock's own answers hold the lines, and so do the middleware's CRM answers. */
  private static void assertAnswerLines(
      BillingCareClient client, String party, int invoices, int usageLines) throws Exception {
    assertThat(count(brmAnswer("BRMARServices", "GetInvoiceList"), "<brm:RESULTS elem="))
        .isEqualTo(invoices);
    assertThat(count(brmAnswer("BRMBillServices", "GetServiceUsage"), "<brm:RESULTS elem="))
        .isEqualTo(usageLines);

    HttpResponse<String> invoiceList = client.ask("GetInvoiceList", party);
    HttpResponse<String> usage = client.ask("GetUnbilledUsage", party);

    assertThat(invoiceList.statusCode()).as(invoiceList.body()).isEqualTo(200);
    assertThat(count(invoiceList.body(), "<bc:Invoice>")).isEqualTo(invoices);
    assertThat(invoiceList.body()).contains("<bc:InvoiceCount>" + invoices + "<");
    assertThat(usage.statusCode()).as(usage.body()).isEqualTo(200);
    assertThat(count(usage.body(), "<bc:Usage>")).isEqualTo(usageLines);
    assertThat(usage.body()).contains("<bc:UsageCount>" + usageLines + "<");
    // each line mapped from its own BRM line, not one line copied
    assertThat(
            java.util.regex.Pattern.compile("<bc:EventId>([^<]*)<")
                .matcher(usage.body())
                .results()
                .map(m -> m.group(1))
                .distinct()
                .count())
        .isEqualTo(usageLines);
  }

  /** The BRM mock's answer to its example request of {@code operation}. */
  private static String brmAnswer(String service, String operation) throws Exception {
    Path example =
        Path.of(System.getProperty("tunelab.home"), "mocks/examples/brm", operation + ".xml");
    HttpResponse<String> answer =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        fixture.brm().baseUrl().resolve("/BrmWebServices/" + service))
                    .header("Content-Type", "text/xml; charset=utf-8")
                    .header(
                        "SOAPAction",
                        "\"http://xmlns.oracle.com/BRM/" + service + "/" + operation + "\"")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofFile(example))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return answer.body();
  }

  private static long count(String text, String part) {
    long count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
      count++;
    }
    return count;
  }

  @Test
  void thePlanRefusesBadPropertiesBeforeAnyRequest() {
    Map<String, String> properties =
        new java.util.LinkedHashMap<>(
            ConcurrentSoapPlan.closed(URI.create("http://127.0.0.1:9/BillingCare"), customers, 1, 1)
                .properties());
    properties.put("threads", "-4");
    LoadPlan plan = LoadPlan.of(ConcurrentSoapPlan.Model.CLOSED.file(), properties);

    assertThatThrownBy(() -> TestLoad.shared().run(plan, DIR.resolve("bad-plan"), RUN_TIMEOUT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("threads must be an integer 1..10000, was '-4'");
  }

  private static long billingInstances(String state) {
    return fixture.count(
        "SELECT count(*) FROM process_instance WHERE flow = 'billing-care' AND state = '"
            + state
            + "'");
  }
}
