package io.tunelab.core.stack;

import static org.assertj.core.api.Assertions.assertThat;

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
          "http://127.0.0.1:8089",
          "http://127.0.0.1:8090",
          "http://127.0.0.1:8091");

  @Test
  void eachBackEndFindsItsOwnMockInTheStack() {
    assertThat(Backend.SIEBEL.url(STACK)).isEqualTo("http://127.0.0.1:8089");
    assertThat(Backend.BRM.url(STACK)).isEqualTo("http://127.0.0.1:8090");
    assertThat(Backend.DRIVER.url(STACK)).isEqualTo("http://127.0.0.1:8091");
  }

  @Test
  void labelsAreTheNamesTheMocksFoldersAndSeriesUse() {
    assertThat(Backend.SIEBEL.label()).isEqualTo("siebel");
    assertThat(Backend.BRM.label()).isEqualTo("brm");
    assertThat(Backend.DRIVER.label()).isEqualTo("driver");
  }
}
