package io.tunelab.core.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HarnessCostTest {
  private static final double EPSILON = 1e-9;

  /** 60 s measured on 2 cores, one sample a second. */
  private static CpuWindow window(Map<String, Double> tiers) {
    List<CpuSample> samples =
        java.util.stream.IntStream.rangeClosed(1, 60)
            .mapToObj(i -> new CpuSample(i * 1_000L, 1, 80, tiers))
            .toList();
    return CpuWindow.of(samples, 2, 0, 60_000);
  }

  @Test
  void theShareIsLoadMocksAndControllerOverAllCores() {
    HarnessCost cost =
        HarnessCost.of(
            window(Map.of("load", 30.0, "mocks", 10.0, "controller", 8.0, "middleware", 120.0)),
            1_200);

    // (30 + 10 + 8) % of one core on 2 cores = 24% of the machine; the middleware is no harness.
    assertThat(cost.harnessSharePercent()).isCloseTo(24, within(EPSILON));
    assertThat(cost.biggestTier()).isEqualTo("load");
    assertThat(cost.tiers().get("load").percentOfOneCore()).isCloseTo(30, within(EPSILON));
    assertThat(cost.tiers().get("load").percentOfMachine()).isCloseTo(15, within(EPSILON));
    assertThat(cost.tiers().keySet()).containsExactly("load", "mocks", "controller");
    // 1.2 CPU seconds of the sampling thread over 60 s: 2% of one core, inside the controller's 8%.
    assertThat(cost.observer().percentOfOneCore()).isCloseTo(2, within(EPSILON));
    assertThat(cost.observer().percentOfMachine()).isCloseTo(1, within(EPSILON));
    assertThat(cost.windowMillis()).isEqualTo(60_000);
    assertThat(cost.machineCores()).isEqualTo(2);
  }

  @Test
  void aHarnessTierThatDidNotRunCountsZero() {
    HarnessCost cost = HarnessCost.of(window(Map.of("mocks", 6.0, "controller", 4.0)), 0);

    assertThat(cost.tiers().get("load").percentOfOneCore()).isZero();
    assertThat(cost.biggestTier()).isEqualTo("mocks");
    assertThat(cost.harnessSharePercent()).isCloseTo(5, within(EPSILON));
  }

  @Test
  void aHarnessThatUsedNothingNamesNoTier() {
    assertThat(HarnessCost.of(window(Map.of("db", 50.0)), 0).biggestTier()).isEqualTo("none");
  }
}
