package io.tunelab.tiers.mocks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.knobs.Latency;

/**
 * Converts between tunelab's {@link Latency} and WireMock's global delay settings: {@code
 * fixedDelay} (milliseconds) and {@code delayDistribution} ({@code fixed}, {@code uniform}, {@code
 * lognormal}). tunelab always writes a {@code delayDistribution} and clears {@code fixedDelay}, so
 * one field says it all.
 */
final class WireMockDelay {
  static final String FIXED_DELAY = "fixedDelay";
  static final String DISTRIBUTION = "delayDistribution";

  private WireMockDelay() {}

  /** Sets {@code settings}' delay fields to {@code latency}, keeping every other field. */
  static ObjectNode apply(Latency latency, ObjectNode settings) {
    settings.remove(FIXED_DELAY);
    settings.remove(DISTRIBUTION);
    ObjectNode distribution = JsonNodeFactory.instance.objectNode();
    if (latency instanceof Latency.Fixed fixed) {
      if (fixed.millis() == 0) {
        return settings;
      }
      distribution.put("type", "fixed").put("milliseconds", fixed.millis());
    } else if (latency instanceof Latency.Uniform uniform) {
      distribution
          .put("type", "uniform")
          .put("lower", uniform.lowerMillis())
          .put("upper", uniform.upperMillis());
    } else if (latency instanceof Latency.LogNormal logNormal) {
      distribution
          .put("type", "lognormal")
          .put("median", logNormal.medianMillis())
          .put("sigma", logNormal.sigma());
    } else {
      throw new IllegalArgumentException("unknown latency " + latency);
    }
    settings.set(DISTRIBUTION, distribution);
    return settings;
  }

  /**
   * Reads the delay of WireMock settings ({@code GET /__admin/settings}'s {@code settings}, or the
   * tunelab settings route, which names the fixed delay {@code fixedDelayMillis}).
   *
   * @throws IllegalStateException when someone set a delay tunelab cannot express
   */
  static Latency read(JsonNode fixedDelay, JsonNode distribution) {
    int fixedMillis = fixedDelay == null || fixedDelay.isNull() ? 0 : fixedDelay.asInt();
    if (distribution == null || distribution.isNull()) {
      return fixedMillis == 0 ? Latency.NONE : new Latency.Fixed(fixedMillis);
    }
    if (fixedMillis != 0 || distribution.hasNonNull("maxValue")) {
      throw new IllegalStateException(
          "the mock's delay was set outside tunelab and has no tunelab equivalent (fixedDelay "
              + fixedMillis
              + " plus "
              + distribution
              + "): set it again through tunelab");
    }
    String type = distribution.path("type").asText();
    return switch (type) {
      case "fixed" -> new Latency.Fixed(distribution.path("milliseconds").asInt());
      case "uniform" ->
          new Latency.Uniform(
              distribution.path("lower").asInt(), distribution.path("upper").asInt());
      case "lognormal" ->
          new Latency.LogNormal(
              distribution.path("median").asDouble(), distribution.path("sigma").asDouble());
      default -> throw new IllegalStateException("unknown WireMock delay distribution " + type);
    };
  }
}
