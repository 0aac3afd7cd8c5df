package io.tunelab.tiers.mocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;

/** Latency and fault rate reach WireMock and shape its answers. */
class MocksLatencyAndFaultsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SoapClient soap = new SoapClient();
  private static MocksTier mocks;
  private static MockSettings siebelAtStart;
  private static MockSettings brmAtStart;
  private static MockSettings driverAtStart;

  @BeforeAll
  static void start() {
    MocksConfig config =
        new MocksConfig(
            Map.of(),
            40,
            true,
            Map.of(
                Backend.SIEBEL,
                new MocksConfig.Mock(new Latency.Fixed(5), 0.0),
                Backend.BRM,
                new MocksConfig.Mock(new Latency.Uniform(1, 3), 0.02),
                Backend.DRIVER,
                new MocksConfig.Mock(new Latency.Fixed(7), 0.5, FaultKind.GARBAGE, Map.of())),
            List.of("-Xmx256m"));
    mocks = MocksTiers.start(config, Path.of("target/mocks-it/latency-faults"));
    siebelAtStart = mocks.siebel().settings();
    brmAtStart = mocks.brm().settings();
    driverAtStart = mocks.client(Backend.DRIVER).settings();
  }

  @AfterAll
  static void stop() {
    if (mocks != null) {
      mocks.close();
    }
  }

  @AfterEach
  void noDelayNoFaults() {
    for (MocksClient client : List.of(mocks.siebel(), mocks.brm())) {
      client.setLatency(Latency.NONE);
      client.setFaults(0, FaultKind.SOAP);
    }
  }

  @Test
  void latencyAndFaultRateOfTheConfigurationAreInPlaceOnceTheTierIsUp() {
    assertThat(siebelAtStart.latency()).isEqualTo(new Latency.Fixed(5));
    assertThat(siebelAtStart.faultRate()).isZero();
    assertThat(brmAtStart.latency()).isEqualTo(new Latency.Uniform(1, 3));
    assertThat(brmAtStart.faultRate()).isEqualTo(0.02);
    assertThat(driverAtStart.latency()).isEqualTo(new Latency.Fixed(7));
    assertThat(driverAtStart.faultRate()).isEqualTo(0.5);
    assertThat(driverAtStart.faultKind()).isEqualTo(FaultKind.GARBAGE);
    assertThat(brmAtStart.faultKind()).isEqualTo(FaultKind.SOAP);
  }

  @Test
  void aFixedLatencyDelaysEveryAnswerAtLeastThatLong() {
    mocks.brm().setLatency(new Latency.Fixed(400));
    SoapOperation.Call call = SoapOperation.GET_BALANCE_SUMMARY.call("LATENCY1");

    long started = System.nanoTime();
    HttpResponse<String> response = soap.send(mocks.brmUrl(), call);
    long tookMillis = (System.nanoTime() - started) / 1_000_000;

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(tookMillis).isGreaterThanOrEqualTo(400);
  }

  @Test
  void aLognormalLatencyIsWhatWireMocksOwnSettingsSay() throws Exception {
    mocks.siebel().setLatency(new Latency.LogNormal(250, 0.4));

    JsonNode distribution = wireMockSettings(mocks.siebelUrl()).path("delayDistribution");
    assertThat(distribution.path("type").asText()).isEqualTo("lognormal");
    assertThat(distribution.path("median").asDouble()).isEqualTo(250);
    assertThat(distribution.path("sigma").asDouble()).isEqualTo(0.4);
    assertThat(mocks.siebel().latency()).isEqualTo(new Latency.LogNormal(250, 0.4));
    assertThat(mocks.siebel().settings().latency()).isEqualTo(new Latency.LogNormal(250, 0.4));
  }

  @Test
  void settingLatencyKeepsWireMocksOtherGlobalSettings() throws Exception {
    // A plain POST replaces all global settings (PATCH .../extended fails in WireMock 3.13.2 when
    // no extended settings exist yet).
    HttpResponse<String> seeded =
        post(
            mocks.brmUrl() + "/__admin/settings",
            "{\"extended\": {\"keepMe\": 7}, \"proxyPassThrough\": true}",
            "POST");
    assertThat(seeded.statusCode()).as(seeded.body()).isEqualTo(200);

    mocks.brm().setLatency(new Latency.Uniform(10, 20));

    JsonNode settings = wireMockSettings(mocks.brmUrl());
    assertThat(settings.path("extended").path("keepMe").asInt()).isEqualTo(7);
    assertThat(settings.path("proxyPassThrough").asBoolean()).isTrue();
    assertThat(settings.path("delayDistribution").path("type").asText()).isEqualTo("uniform");
  }

  @Test
  void aFaultRateAnswersAboutThatShareWithSoapFaults() throws Exception {
    long since = mocks.siebel().reset();
    mocks.siebel().setFaultRate(0.25);

    List<HttpResponse<String>> responses = callConcurrently(400);

    List<HttpResponse<String>> faults =
        responses.stream().filter(r -> r.statusCode() != 200).toList();
    // 400 draws at 0.25: standard deviation 0.022, so 0.15..0.35 is 4.6 of them either side.
    assertThat(faults.size() / 400.0).isBetween(0.15, 0.35);
    for (HttpResponse<String> fault : faults) {
      assertThat(fault.statusCode()).isEqualTo(500);
      Document envelope = SoapClient.parse(fault.body());
      assertThat(SoapClient.countOf(envelope, SoapClient.SOAP_11, "Fault")).isEqualTo(1);
      assertThat(SoapClient.first(envelope, "faultcode")).isEqualTo("soap:Server");
      assertThat(SoapClient.first(envelope, "faultstring"))
          .contains("Siebel CRM", "QueryCustomerParty", "PartyId 1-PFAULT", "SBL-EAI-04308");
    }
    MockCounts counts = mocks.siebel().counts();
    assertThat(counts.operation("QueryCustomerParty").count()).isEqualTo(400);
    assertThat(counts.operation("QueryCustomerParty").faults()).isEqualTo(faults.size());
    assertThat(mocks.siebel().events(since).events().stream().filter(MockEvents.Event::fault))
        .hasSize(faults.size());
  }

  @Test
  void faultsTakeTheLatencyToo() {
    mocks.brm().setLatency(new Latency.Fixed(300));
    mocks.brm().setFaultRate(1);

    long started = System.nanoTime();
    HttpResponse<String> response =
        soap.send(mocks.brmUrl(), SoapOperation.CREATE_CUSTOMER.call("SLOWFAULT"));
    long tookMillis = (System.nanoTime() - started) / 1_000_000;

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(SoapClient.first(SoapClient.parse(response.body()), "KeyValue"))
        .isEqualTo("1-PSLOWFAULT");
    assertThat(tookMillis).isGreaterThanOrEqualTo(300);
  }

  /**
   * Each kind fails the request the way a crashed, hung-up or confused back-end does, as the JDK's
   * client sees it, and the mock counts it as a fault; the kind reads back from the mock.
   */
  @ParameterizedTest
  @EnumSource(
      value = FaultKind.class,
      names = {"RESET", "EMPTY", "MALFORMED", "GARBAGE"})
  void aConnectionFaultKindFailsTheCallAtTheConnectionAndIsCountedAsAFault(FaultKind kind) {
    mocks.brm().reset();
    mocks.brm().setFaults(1, kind);

    assertThat(mocks.brm().settings().faultKind()).isEqualTo(kind);
    assertThatThrownBy(
            () -> soap.send(mocks.brmUrl(), SoapOperation.CREATE_CUSTOMER.call("CONN" + kind)))
        .as("a %s answer", kind.label())
        .hasRootCauseInstanceOf(IOException.class);
    MockCounts counts = mocks.brm().counts();
    assertThat(counts.operation("CreateCustomer").count()).isOne();
    assertThat(counts.operation("CreateCustomer").faults()).isOne();
  }

  @Test
  void theTruncatedKindAnswersHalfAnEnvelopeThatNoXmlParserAccepts() {
    mocks.brm().reset();
    mocks.brm().setFaults(1, FaultKind.TRUNCATED);

    HttpResponse<String> response =
        soap.send(mocks.brmUrl(), SoapOperation.CREATE_CUSTOMER.call("TRUNC"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).startsWith("<");
    assertThatThrownBy(() -> SoapClient.parse(response.body())).isNotNull();
    assertThat(mocks.brm().counts().operation("CreateCustomer").faults()).isOne();
  }

  @Test
  void theSoapKindAnswersAFaultAndAnUnknownKindIsRefusedNamingTheKinds() throws Exception {
    mocks.brm().setFaults(1, FaultKind.SOAP);
    assertThat(
            soap.send(mocks.brmUrl(), SoapOperation.CREATE_CUSTOMER.call("SOAPKIND")).statusCode())
        .isEqualTo(500);

    HttpResponse<String> direct =
        post(mocks.brmUrl() + "/__admin/tunelab/settings", "{\"faultKind\": \"fire\"}", "POST");
    assertThat(direct.statusCode()).isEqualTo(400);
    assertThat(direct.body()).contains("soap, reset, empty, malformed, garbage, truncated", "fire");
    assertThat(mocks.brm().settings().faultKind()).isEqualTo(FaultKind.SOAP);
  }

  @Test
  void rejectsAFaultRateOutsideZeroToOne() throws Exception {
    assertThatThrownBy(() -> mocks.brm().setFaultRate(1.5))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("from 0 to 1");

    HttpResponse<String> direct =
        post(mocks.brmUrl() + "/__admin/tunelab/settings", "{\"faultRate\": -1}", "POST");
    assertThat(direct.statusCode()).isEqualTo(400);
    assertThat(direct.body()).contains("from 0 to 1");
    assertThat(mocks.brm().settings().faultRate()).isZero();
  }

  private static List<HttpResponse<String>> callConcurrently(int calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<HttpResponse<String>>> futures = new ArrayList<>();
      for (int i = 0; i < calls; i++) {
        SoapOperation.Call call = SoapOperation.QUERY_CUSTOMER_PARTY.call("FAULT" + i);
        futures.add(pool.submit(() -> soap.send(mocks.siebelUrl(), call)));
      }
      List<HttpResponse<String>> responses = new ArrayList<>();
      for (Future<HttpResponse<String>> future : futures) {
        responses.add(future.get());
      }
      return responses;
    } finally {
      pool.shutdownNow();
    }
  }

  private static JsonNode wireMockSettings(String baseUrl) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/__admin/settings")).build(),
                HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(response.body()).path("settings");
  }

  private static HttpResponse<String> post(String url, String json, String method)
      throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
