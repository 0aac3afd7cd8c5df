package io.tunelab.tiers.mocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.knobs.Latency;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireMockDelayTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void writesEveryLatencyAsADelayDistributionAndReadsItBack() {
    for (Latency latency :
        List.of(
            new Latency.Fixed(500),
            new Latency.Uniform(400, 600),
            new Latency.LogNormal(500, 0.25))) {
      ObjectNode settings = WireMockDelay.apply(latency, JSON.createObjectNode());

      assertThat(settings.has(WireMockDelay.FIXED_DELAY)).isFalse();
      assertThat(WireMockDelay.read(null, settings.get(WireMockDelay.DISTRIBUTION)))
          .isEqualTo(latency);
    }
  }

  @Test
  void writesWireMocksOwnFieldNames() throws Exception {
    assertThat(WireMockDelay.apply(new Latency.LogNormal(500, 0.25), JSON.createObjectNode()))
        .isEqualTo(
            JSON.readTree(
                "{\"delayDistribution\":{\"type\":\"lognormal\",\"median\":500.0,\"sigma\":0.25}}"));
    assertThat(WireMockDelay.apply(new Latency.Uniform(1, 2), JSON.createObjectNode()))
        .isEqualTo(
            JSON.readTree(
                "{\"delayDistribution\":{\"type\":\"uniform\",\"lower\":1,\"upper\":2}}"));
  }

  @Test
  void noLatencyClearsBothDelayFieldsAndKeepsTheRest() throws Exception {
    ObjectNode settings =
        (ObjectNode)
            JSON.readTree(
                "{\"fixedDelay\":5,\"delayDistribution\":{\"type\":\"fixed\",\"milliseconds\":9},"
                    + "\"extended\":{\"x\":1},\"proxyPassThrough\":true}");

    WireMockDelay.apply(Latency.NONE, settings);

    assertThat(settings)
        .isEqualTo(JSON.readTree("{\"extended\":{\"x\":1},\"proxyPassThrough\":true}"));
    assertThat(WireMockDelay.read(null, null)).isEqualTo(Latency.NONE);
  }

  @Test
  void readsAPlainFixedDelay() {
    assertThat(WireMockDelay.read(JSON.valueToTree(250), null)).isEqualTo(new Latency.Fixed(250));
  }

  @Test
  void refusesADelayTunelabCannotExpress() throws Exception {
    JsonNode capped =
        JSON.readTree("{\"type\":\"lognormal\",\"median\":100,\"sigma\":0.1,\"maxValue\":300}");
    JsonNode fixed = JSON.readTree("{\"type\":\"fixed\",\"milliseconds\":9}");

    assertThatThrownBy(() -> WireMockDelay.read(null, capped))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("outside tunelab");
    assertThatThrownBy(() -> WireMockDelay.read(JSON.valueToTree(5), fixed))
        .isInstanceOf(IllegalStateException.class);
  }
}
