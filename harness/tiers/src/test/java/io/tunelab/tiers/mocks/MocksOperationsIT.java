package io.tunelab.tiers.mocks;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;

/** Every operation of both mocks, called the way the middleware calls them. */
class MocksOperationsIT {
  private static MocksTier mocks;
  private static final SoapClient soap = new SoapClient();

  @BeforeAll
  static void start() {
    mocks = MocksTiers.start(MocksConfig.defaults(), Path.of("target/mocks-it/operations"));
  }

  @AfterAll
  static void stop() {
    if (mocks != null) {
      mocks.close();
    }
  }

  @ParameterizedTest
  @EnumSource(SoapOperation.class)
  void everyOperationAnswersASoapEnvelopeEchoingTheRequestsIds(SoapOperation operation) {
    SoapOperation.Call call = operation.call(unique());

    HttpResponse<String> response = soap.send(urlOf(operation), call);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("text/xml; charset=utf-8");
    Document answer = SoapClient.parse(response.body());
    assertThat(answer.getDocumentElement().getLocalName()).isEqualTo("Envelope");
    assertThat(answer.getDocumentElement().getNamespaceURI()).isEqualTo(SoapClient.SOAP_11);
    assertThat(SoapClient.countOf(answer, SoapClient.SOAP_11, "Body")).isEqualTo(1);
    assertThat(SoapClient.countOf(answer, SoapClient.SOAP_11, "Fault")).isZero();
    assertThat(response.body()).doesNotContain("${");
    call.echoes()
        .forEach(
            (element, expected) ->
                assertThat(SoapClient.first(answer, element)).as(element).isEqualTo(expected));
  }

  @Test
  void queryAnswersAreSeveralKilobytesLikeTheRealOnes() {
    for (SoapOperation query :
        List.of(
            SoapOperation.QUERY_CUSTOMER_PARTY,
            SoapOperation.GET_BALANCE_SUMMARY,
            SoapOperation.GET_INVOICE_LIST,
            SoapOperation.GET_SERVICE_USAGE)) {
      assertThat(soap.send(urlOf(query), query.call(unique())).body().length())
          .as(query.operationName())
          .isGreaterThan(3_000);
    }
  }

  @Test
  void everyCallIsCountedUnderItsOperationWithItsKeyId() {
    long siebelSince = mocks.siebel().reset();
    long brmSince = mocks.brm().reset();
    Map<String, String> keys = new java.util.TreeMap<>();
    for (SoapOperation operation : SoapOperation.values()) {
      SoapOperation.Call call = operation.call(unique());
      assertThat(soap.send(urlOf(operation), call).statusCode()).isEqualTo(200);
      keys.put(operation.operationName(), call.key());
    }

    List<MockEvents.Event> events =
        new java.util.ArrayList<>(mocks.siebel().events(siebelSince).events());
    events.addAll(mocks.brm().events(brmSince).events());

    assertThat(events.stream().collect(Collectors.toMap(e -> e.operation(), e -> e.key())))
        .isEqualTo(keys);
    assertThat(events).noneMatch(MockEvents.Event::fault);
    assertThat(mocks.siebel().counts().total()).isEqualTo(2);
    assertThat(mocks.brm().counts().total()).isEqualTo(7);
    assertThat(mocks.brm().counts().operation("CreateCustomer").count()).isEqualTo(1);
  }

  @Test
  void acceptsTheSoapActionWithOrWithoutQuotes() {
    SoapOperation.Call call = SoapOperation.QUERY_CUSTOMER_PARTY.call(unique());
    String action = SoapOperation.QUERY_CUSTOMER_PARTY.soapAction;

    assertThat(
            soap.send(mocks.siebelUrl(), call.operation().path, action, call.body()).statusCode())
        .isEqualTo(200);
    assertThat(
            soap.send(mocks.siebelUrl(), call.operation().path, "\"" + action + "\"", call.body())
                .statusCode())
        .isEqualTo(200);
  }

  @Test
  void anUnknownSoapActionIsNotFoundAndCountedAsUnmatched() {
    long before = mocks.siebel().counts().operation("unmatched").count();

    HttpResponse<String> response =
        soap.send(mocks.siebelUrl(), "/eai_enu/start.swe", "\"document/NoSuchOperation\"", "<x/>");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(mocks.siebel().counts().operation("unmatched").count()).isEqualTo(before + 1);
  }

  @Test
  void defaultThreadsAndAsyncResponsesReachBothServers() {
    for (MocksClient client : List.of(mocks.siebel(), mocks.brm())) {
      MockSettings settings = client.settings();
      assertThat(settings.containerThreads()).isEqualTo(MocksConfig.defaults().containerThreads());
      assertThat(settings.asyncResponses()).isTrue();
      assertThat(settings.asyncResponseThreads()).isPositive();
    }
  }

  private static String urlOf(SoapOperation operation) {
    return operation.backend.equals("siebel") ? mocks.siebelUrl() : mocks.brmUrl();
  }

  private static String unique() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
  }
}
