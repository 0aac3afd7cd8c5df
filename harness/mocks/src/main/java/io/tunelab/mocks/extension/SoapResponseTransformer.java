package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.nio.charset.StandardCharsets;

/**
 * Fills a stub's SOAP response with the ids of the request it answers and its repeated sections
 * with as many lines as the server's {@link RepeatCounts} say, or, at the server's fault rate,
 * replaces it with a SOAP Fault (HTTP 500) or fails the connection, as the fault kind says.
 * Mappings opt in with {@code "transformers": ["tunelab-soap"]}.
 *
 * <p>Bodies are written as UTF-8, the charset the mappings declare. The delay WireMock drew for the
 * response is kept, so faults take as long as answers.
 */
final class SoapResponseTransformer implements ResponseTransformerV2 {
  static final String NAME = "tunelab-soap";

  /** Marks an answer that is a fault although its status is 200, for the served-request count. */
  static final String FAULT_HEADER = "X-Tunelab-Fault";

  private final StubCatalog catalog;
  private final FaultInjection faults;
  private final RepeatCounts repeats;

  SoapResponseTransformer(StubCatalog catalog, FaultInjection faults, RepeatCounts repeats) {
    this.catalog = catalog;
    this.faults = faults;
    this.repeats = repeats;
  }

  @Override
  public Response transform(Response response, ServeEvent serveEvent) {
    RequestValues request = new RequestValues(serveEvent.getRequest().getBodyAsString());
    if (faults.draw()) {
      FaultInjection.Kind kind = faults.kind();
      if (kind.fault() != null) {
        return Response.Builder.like(response).fault(kind.fault()).build();
      }
      if (kind == FaultInjection.Kind.TRUNCATED) {
        String body = catalog.templateOf(serveEvent, response).render(request, repeats);
        return Response.Builder.like(response)
            .headers(response.getHeaders().plus(new HttpHeader(FAULT_HEADER, kind.label())))
            .body(body.substring(0, body.length() / 2).getBytes(StandardCharsets.UTF_8))
            .build();
      }
      TunelabStub stub = catalog.stubOf(serveEvent);
      return Response.Builder.like(response)
          .status(SoapFault.HTTP_STATUS)
          .statusMessage(null)
          .body(SoapFault.envelope(stub, request, faults.rate()).getBytes(StandardCharsets.UTF_8))
          .build();
    }
    String body = catalog.templateOf(serveEvent, response).render(request, repeats);
    return Response.Builder.like(response).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  @Override
  public boolean applyGlobally() {
    return false;
  }

  @Override
  public String getName() {
    return NAME;
  }
}
