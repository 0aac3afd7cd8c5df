package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.extension.Extension;
import com.github.tomakehurst.wiremock.extension.ExtensionFactory;
import com.github.tomakehurst.wiremock.extension.WireMockServices;
import java.util.List;

/**
 * The tunelab WireMock extension: response ids echoed from the request, repeated answer lines,
 * fault injection, a served-request counter and its admin API. WireMock calls {@link #create} once
 * per server, so each server gets its own counter, line counts and fault rate.
 *
 * <p>Registered with {@code WireMockConfiguration.extensions(new TunelabExtensions())} by the
 * tunelab mocks JVM, and found through {@code META-INF/services} by any WireMock 3 with extension
 * scanning on (the default of the standalone jar and of the official Docker image, which loads jars
 * from {@code /var/wiremock/extensions}). It needs nothing but WireMock.
 */
public final class TunelabExtensions implements ExtensionFactory {
  @Override
  public List<Extension> create(WireMockServices services) {
    StubCatalog catalog = new StubCatalog();
    FaultInjection faults = new FaultInjection();
    RepeatCounts repeats = new RepeatCounts();
    ServedRequests served = new ServedRequests();
    return List.of(
        catalog,
        new SoapResponseTransformer(catalog, faults, repeats),
        new ServedRequestCounter(catalog, served),
        new TunelabAdminApi(served, faults, repeats, services.getOptions()));
  }
}
