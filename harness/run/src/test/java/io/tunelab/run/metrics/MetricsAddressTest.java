package io.tunelab.run.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import org.junit.jupiter.api.Test;

class MetricsAddressTest {
  @Test
  void aPortAloneListensOnLoopback() {
    assertThat(MetricsAddress.parse("9464")).isEqualTo(new MetricsAddress("127.0.0.1", 9464));
    assertThat(MetricsAddress.parse("0")).isEqualTo(new MetricsAddress("127.0.0.1", 0));
  }

  @Test
  void aHostIsTakenAsGiven() {
    assertThat(MetricsAddress.parse("0.0.0.0:9464")).isEqualTo(new MetricsAddress("0.0.0.0", 9464));
    assertThat(MetricsAddress.parse("[::1]:9464")).isEqualTo(new MetricsAddress("::1", 9464));
    assertThat(new MetricsAddress("::1", 9464)).hasToString("[::1]:9464");
  }

  @Test
  void badInputNamesTheProblemAndTheForm() {
    assertThatThrownBy(() -> MetricsAddress.parse("prometheus"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("'prometheus' is not a port number")
        .hasMessageContaining("[HOST:]PORT");
    assertThatThrownBy(() -> MetricsAddress.parse(":9464"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("the host is empty");
    assertThatThrownBy(() -> MetricsAddress.parse("70000"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("port 70000 is not a port");
  }
}
