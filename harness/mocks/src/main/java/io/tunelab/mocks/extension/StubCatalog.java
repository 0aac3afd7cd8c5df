package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.extension.StubLifecycleListener;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each mapping of one server means to tunelab, worked out on its first request and kept: its
 * {@link TunelabStub} and its compiled {@link ResponseTemplate}. Forgotten whenever mappings change
 * (a reset through the admin API re-reads {@code mappings/} and {@code __files/}).
 */
final class StubCatalog implements StubLifecycleListener {
  static final String NAME = "tunelab-stub-catalog";

  private final Map<UUID, TunelabStub> stubs = new ConcurrentHashMap<>();
  private final Map<UUID, ResponseTemplate> templates = new ConcurrentHashMap<>();

  /** The stub that answered, or {@link TunelabStub#NONE} when no mapping matched. */
  TunelabStub stubOf(ServeEvent serveEvent) {
    StubMapping mapping = serveEvent.getStubMapping();
    if (!serveEvent.getWasMatched() || mapping == null || mapping.getId() == null) {
      return TunelabStub.NONE;
    }
    return stubs.computeIfAbsent(mapping.getId(), id -> TunelabStub.of(mapping));
  }

  /** The template of the response body WireMock rendered for this stub (read once). */
  ResponseTemplate templateOf(ServeEvent serveEvent, Response response) {
    StubMapping mapping = serveEvent.getStubMapping();
    return templates.computeIfAbsent(
        mapping.getId(), id -> ResponseTemplate.compile(response.getBodyAsString()));
  }

  private void forget() {
    stubs.clear();
    templates.clear();
  }

  @Override
  public void afterStubCreated(StubMapping stub) {
    forget();
  }

  @Override
  public void afterStubEdited(StubMapping oldStub, StubMapping newStub) {
    forget();
  }

  @Override
  public void afterStubRemoved(StubMapping stub) {
    forget();
  }

  @Override
  public void afterStubsReset() {
    forget();
  }

  @Override
  public String getName() {
    return NAME;
  }
}
