package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ServeEventListener;
import com.github.tomakehurst.wiremock.http.LoggedResponse;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * Records every request a server answers into its {@link ServedRequests}: the operation (the
 * mapping's name), the request's key id (the element the mapping's metadata names) and whether the
 * answer was a fault (HTTP 5xx, a fault of the connection, or an answer marked as one).
 *
 * <p>It listens just before the response is sent, which WireMock signals exactly once per request
 * in both of its modes. The recorded time is that moment plus the delay WireMock drew: with
 * asynchronous responses the delay is served after the listeners ran, so "now" alone would be early
 * by the whole back-end latency.
 */
final class ServedRequestCounter implements ServeEventListener {
  static final String NAME = "tunelab-served-requests";

  private final StubCatalog catalog;
  private final ServedRequests served;

  ServedRequestCounter(StubCatalog catalog, ServedRequests served) {
    this.catalog = catalog;
    this.served = served;
  }

  @Override
  public void beforeResponseSent(ServeEvent serveEvent, Parameters parameters) {
    TunelabStub stub = catalog.stubOf(serveEvent);
    String key =
        stub.keyElement() == null
            ? null
            : new RequestValues(serveEvent.getRequest().getBodyAsString()).text(stub.keyElement());
    Integer delayMillis = serveEvent.getTiming().getAddedDelay();
    long dueMillis = System.currentTimeMillis() + (delayMillis == null ? 0 : delayMillis);
    LoggedResponse response = serveEvent.getResponse();
    boolean fault =
        response != null
            && (response.getStatus() >= 500
                || response.getFault() != null
                // an unmatched request's 404 has no headers at all
                || (response.getHeaders() != null
                    && response
                        .getHeaders()
                        .getHeader(SoapResponseTransformer.FAULT_HEADER)
                        .isPresent()));
    served.record(dueMillis, stub.operation(), key, fault);
  }

  @Override
  public boolean applyGlobally() {
    return true;
  }

  @Override
  public String getName() {
    return NAME;
  }
}
