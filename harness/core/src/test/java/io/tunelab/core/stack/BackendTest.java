package io.tunelab.core.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BackendTest {
  private static final Endpoints STACK =
      new Endpoints(
          "jdbc:postgresql://127.0.0.1:5432/tunelab",
          "tunelab",
          "tunelab",
          "tcp://127.0.0.1:61616",
          "",
          "",
          Map.of(
              Backend.SIEBEL,
              "http://127.0.0.1:8089",
              Backend.BRM,
              "http://127.0.0.1:8090",
              Backend.DRIVER,
              "http://127.0.0.1:8091"));

  @Test
  void eachBackEndFindsItsOwnMockInTheStack() {
    assertThat(Backend.SIEBEL.url(STACK)).isEqualTo("http://127.0.0.1:8089");
    assertThat(Backend.BRM.url(STACK)).isEqualTo("http://127.0.0.1:8090");
    assertThat(Backend.DRIVER.url(STACK)).isEqualTo("http://127.0.0.1:8091");
  }

  @Test
  void endpointsGivenByBackEndPutEachUrlWhereItsBackEndReadsIt() {
    Map<Backend, String> mocks = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      mocks.put(backend, "http://127.0.0.1:" + (9000 + backend.ordinal()));
    }

    Endpoints endpoints =
        new Endpoints("jdbc:postgresql://h/t", "u", "p", "tcp://h:1", "", "", mocks, "app", "q");

    for (Backend backend : Backend.values()) {
      assertThat(backend.url(endpoints)).isEqualTo(mocks.get(backend));
      assertThat(endpoints.serves(backend)).isTrue();
    }
    assertThat(endpoints.middlewareDbUser()).isEqualTo("app");
  }

  @Test
  void onlyAnOptionalBackEndMayBeMissingFromAStack() {
    Map<Backend, String> mocks = new EnumMap<>(Backend.class);
    mocks.put(Backend.SIEBEL, "http://127.0.0.1:1");
    mocks.put(Backend.BRM, "http://127.0.0.1:2");

    Endpoints endpoints = new Endpoints("jdbc:x", "u", "p", "tcp://h:1", "", "", mocks, "", "");

    assertThat(Backend.values())
        .filteredOn(backend -> !endpoints.serves(backend))
        .containsExactly(Backend.DRIVER)
        .allMatch(Backend::optional);
    assertThat(Backend.DRIVER.urlVariable()).isEqualTo("TUNELAB_DRIVER_URL");
    assertThat(Backend.DRIVER.who()).isEqualTo("device-driver");
  }

  @Test
  void labelsAreTheNamesTheMocksFoldersAndSeriesUse() {
    assertThat(Backend.SIEBEL.label()).isEqualTo("siebel");
    assertThat(Backend.BRM.label()).isEqualTo("brm");
    assertThat(Backend.DRIVER.label()).isEqualTo("driver");
  }
}
