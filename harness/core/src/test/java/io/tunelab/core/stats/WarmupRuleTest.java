package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupRuleTest {
  private final WarmupRule rule = new WarmupRule(3, 0.10, 5);

  private static WarmupRule.Batch batch(double throughput, double cpu, double steal) {
    return new WarmupRule.Batch(throughput, cpu, steal);
  }

  @Test
  void aLevelThroughputIsNotSteadyWhileTheMiddlewaresCpuPerOrderStillFalls() {
    // a lucky batch makes the throughput look level; the JIT is still cutting the CPU per order
    List<WarmupRule.Batch> batches =
        List.of(
            batch(1100, 58, 0),
            batch(1500, 32, 0),
            batch(1970, 28, 0),
            batch(1705, 21, 0),
            batch(1943, 17, 0));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.throughput().steady()).isTrue();
    assertThat(verdict.cpu().trend()).isLessThan(-0.10);
    assertThat(verdict.steady()).isFalse();
  }

  @Test
  void cpuPerOrderThatWandersWithoutATrendIsSteady() {
    // the throughput holds while the CPU per order moves 10-15% either way around one level
    List<WarmupRule.Batch> batches =
        List.of(batch(633, 49, 0), batch(649, 30, 0), batch(686, 34, 0), batch(672, 30, 0));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpu().cv()).isGreaterThan(0.05);
    assertThat(verdict.steady()).isTrue();
  }

  @Test
  void cpuPerOrderThatClimbsIsNotSteadyEither() {
    // 27 -> 30 -> 34 ms: a rising cost drifts the repetitions as surely as a falling one
    List<WarmupRule.Batch> batches =
        List.of(batch(633, 49, 0), batch(649, 27, 0), batch(686, 30, 0), batch(672, 34, 0));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpu().trend()).isGreaterThan(0.10);
    assertThat(verdict.steady()).isFalse();
    assertThat(verdict.unsettled()).containsExactly(WarmupRule.MIDDLEWARE);
  }

  @Test
  void aDatabaseWhoseCostPerOrderStillClimbsHoldsTheWarmupBack() {
    // the middleware level, the database's CPU per order rising 58 -> 66 -> 70 ms
    List<WarmupRule.Batch> batches = new java.util.ArrayList<>();
    double[] db = {50, 52, 51, 58, 66, 70};
    for (double d : db) {
      batches.add(
          new WarmupRule.Batch(1000, java.util.Map.of("middleware", 25.0, "db", d), 0.5, 95.0));
    }

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.throughput().steady()).isTrue();
    assertThat(verdict.costs()).containsKeys("middleware", "db");
    assertThat(verdict.unsettled()).containsExactly("db");
    assertThat(verdict.steady()).isFalse();
    // (58 + 66 + 70) / (50 + 52 + 51) - 1 = 0.267974
    assertThat(verdict.costChange().get("db")).isCloseTo(194.0 / 153 - 1, within(1e-9));
    for (int i = 0; i < 6; i++) {
      batches.add(
          new WarmupRule.Batch(1000, java.util.Map.of("middleware", 25.0, "db", 70.0), 0.5, 95.0));
    }
    assertThat(rule.judge(batches).steady()).isTrue();
  }

  @Test
  void bothSeriesLevelIsSteady() {
    List<WarmupRule.Batch> batches =
        List.of(
            batch(1100, 58, 0), batch(2400, 12.2, 0), batch(2480, 11.9, 0), batch(2450, 12.1, 0));

    assertThat(rule.judge(batches).steady()).isTrue();
  }

  @Test
  void batchesTheHostDisturbedAreLeftOut() {
    // the second and fourth lost CPU to the hypervisor: without them the last three agree
    List<WarmupRule.Batch> batches =
        List.of(
            batch(2400, 12.2, 0.5),
            batch(1700, 19, 11.2),
            batch(2480, 11.9, 1),
            batch(1900, 16, 7.1),
            batch(2450, 12.1, 2));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.disturbed()).isEqualTo(2);
    assertThat(verdict.steady()).isTrue();
    assertThat(verdict.throughput().level()).isEqualTo((2400 + 2480 + 2450) / 3.0);
  }

  @Test
  void withoutCpuFiguresOnlyTheThroughputIsJudged() {
    List<WarmupRule.Batch> batches =
        List.of(
            new WarmupRule.Batch(2400, null, null),
            new WarmupRule.Batch(2480, null, null),
            new WarmupRule.Batch(2450, null, null));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpu()).isNull();
    assertThat(verdict.steady()).isTrue();
  }

  @Test
  void tooFewUndisturbedBatchesAreNotSteady() {
    List<WarmupRule.Batch> batches =
        List.of(batch(2400, 12, 0), batch(2450, 12, 20), batch(2420, 12, 0));

    assertThat(rule.judge(batches).steady()).isFalse();
  }

  @Test
  void aCpuPerOrderStillBelowTheBatchesBeforeIsNotSteady() {
    // the restart ladder's warm-up (CPU-bound, 2 cores): over its last three batches the CPU per
    // order wanders (13.4, 11.3, 13.0) and the throughput varies 8%, yet both are well below the
    // three before; the repetitions after it measured 11.2 down to 8.4 ms per order
    List<WarmupRule.Batch> batches = new java.util.ArrayList<>();
    double[][] ladder = {
      {813.9, 69.2, 2.8}, {1148.9, 37.4, 1.9}, {1620.7, 28.2, 0.9}, {1403.8, 26.5, 7.1},
      {1686.9, 22.8, 7.7}, {2197.9, 17.8, 2.5}, {2339.6, 14.5, 1.7}, {2288.3, 13.4, 3.9},
      {2569.8, 11.3, 1.8}, {2168.7, 13.0, 7.1}
    };
    for (double[] b : ladder) {
      batches.add(new WarmupRule.Batch(b[0], b[1], b[2], 92.0));
    }
    WarmupRule tenPercent = new WarmupRule(3, 0.10, 10);

    WarmupRule.Verdict verdict = tenPercent.judge(batches);

    assertThat(verdict.throughput().steady()).isTrue();
    assertThat(Math.abs(verdict.cpu().trend())).isLessThan(0.10);
    // (13.4 + 11.3 + 13.0) / (22.8 + 17.8 + 14.5) = 0.684: 31.6% lower
    assertThat(verdict.cpuFall()).isCloseTo(1 - 37.7 / 55.1, within(1e-9));
    assertThat(verdict.steady()).isFalse();
    // three more batches at the level the JIT reached against the three before
    batches.add(new WarmupRule.Batch(2600, 11.8, 1.0, 92.0));
    batches.add(new WarmupRule.Batch(2650, 11.6, 1.0, 92.0));
    batches.add(new WarmupRule.Batch(2620, 11.9, 1.0, 92.0));
    WarmupRule.Verdict later = tenPercent.judge(batches);
    assertThat(later.cpuFall()).isBetween(0.0, 0.10);
    assertThat(later.steady()).isTrue();
  }

  @Test
  void aCostNoisierThanTheToleranceIsJudgedAgainstItsOwnNoise() {
    // saturated, 2 cores: the middleware's CPU per order wanders by about 15% from batch to batch
    // with the same work; the last three average 12% under the three before, without a trend
    double[] cpu = {11.0, 9.2, 11.6, 9.0, 10.6, 8.4};
    double[] throughput = {2900, 3050, 2950, 3000, 2980, 3020};
    List<WarmupRule.Batch> batches = new java.util.ArrayList<>();
    for (int i = 0; i < cpu.length; i++) {
      batches.add(new WarmupRule.Batch(throughput[i], cpu[i], 0.0, 92.0));
    }

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpuFall()).isGreaterThan(0.10);
    // von Neumann: sqrt((1.8^2 + 2.4^2 + 2.6^2 + 1.6^2 + 2.2^2) / 10) / 9.967
    WarmupRule.Limits limits = verdict.allowed().get(WarmupRule.MIDDLEWARE);
    assertThat(limits.noise()).isCloseTo(Math.sqrt(23.16 / 10) / (59.8 / 6), within(1e-9));
    assertThat(limits.change()).isCloseTo(2 * limits.noise() * Math.sqrt(2 / 3.0), within(1e-9));
    assertThat(verdict.steady()).isTrue();
    assertThat(verdict.unsettled()).isEmpty();
  }

  @Test
  void aFallBeyondTheCostsOwnNoiseStillHoldsTheWarmupBack() {
    // a quiet series that steps down by 12.5%: its noise is under the tolerance, which stands
    double[] cpu = {20.0, 19.8, 20.1, 17.5, 17.3, 17.6};
    List<WarmupRule.Batch> batches = new java.util.ArrayList<>();
    for (double c : cpu) {
      batches.add(new WarmupRule.Batch(2000, c, 0.0, 92.0));
    }

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.allowed().get(WarmupRule.MIDDLEWARE).noise()).isLessThan(0.05);
    assertThat(verdict.allowed().get(WarmupRule.MIDDLEWARE).change()).isEqualTo(0.10);
    assertThat(verdict.steady()).isFalse();
    assertThat(verdict.unsettled()).containsExactly(WarmupRule.MIDDLEWARE);
  }

  @Test
  void aTierWithUnderTheTolerancesShareOfTheStacksCpuDoesNotHoldTheWarmupBack() {
    // the billing-care study's last six warm-up rounds (run 20261130-000053): the broker's 1.9 ms
    // per request fell 31% while the middleware and the database spent 85-90 and 51-57 ms
    double[] middleware = {103.67, 91.28, 87.83, 84.11, 85.25, 90.81};
    double[] db = {65.61, 55.64, 56.17, 51.17, 56.69, 54.86};
    double[] broker = {3.17, 2.22, 2.69, 1.94, 1.75, 1.86};
    double[] throughput = {527.7, 609.4, 605.6, 638.8, 616.3, 601.5};
    List<WarmupRule.Batch> batches = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      batches.add(
          new WarmupRule.Batch(
              throughput[i],
              java.util.Map.of("middleware", middleware[i], "db", db[i], "broker", broker[i]),
              0.0,
              95.0));
    }

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.costChange().get("broker")).isLessThan(-0.30);
    WarmupRule.Limits limits = verdict.allowed().get("broker");
    assertThat(limits.share()).isCloseTo(5.55 / (260.17 + 162.72 + 5.55), within(1e-9));
    assertThat(limits.change()).isInfinite();
    assertThat(verdict.allowed().get("db").share()).isGreaterThan(0.10);
    assertThat(verdict.unsettled()).isEmpty();
    assertThat(verdict.steady()).isTrue();
  }

  @Test
  void withFewerThanTwiceKBatchesTheToleranceStands() {
    WarmupRule.Verdict verdict =
        rule.judge(
            List.of(
                new WarmupRule.Batch(2000, 11.0, 0.0, 92.0),
                new WarmupRule.Batch(2000, 9.2, 0.0, 92.0),
                new WarmupRule.Batch(2000, 11.6, 0.0, 92.0)));

    WarmupRule.Limits limits = verdict.allowed().get(WarmupRule.MIDDLEWARE);
    assertThat(limits.noise()).isNaN();
    assertThat(limits.trend()).isEqualTo(0.10);
    assertThat(limits.change()).isEqualTo(0.10);
  }

  @Test
  void withCpuToSpareTheJitStillCompilingDoesNotHoldTheWarmupBack() {
    // bound by back-end latency: the machine 55-70% busy, the throughput level, the CPU per order
    // still falling
    List<WarmupRule.Batch> batches =
        List.of(
            new WarmupRule.Batch(633, 59.0, 0.5, 60.0),
            new WarmupRule.Batch(649, 42.0, 0.5, 62.0),
            new WarmupRule.Batch(640, 33.0, 0.5, 58.0));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpu()).isNull();
    assertThat(verdict.steady()).isTrue();
    // the same batches on a saturated machine are still warming up
    List<WarmupRule.Batch> saturated =
        batches.stream()
            .map(
                b ->
                    new WarmupRule.Batch(b.throughputPerMinute(), b.cpuMillisPerOrder(), 0.5, 95.0))
            .toList();
    assertThat(rule.judge(saturated).steady()).isFalse();
  }

  /** A batch at 60% busy with the middleware's CPU per order and its JIT's share of it. */
  private static WarmupRule.Batch withJit(double throughput, double cpu, double jitShare) {
    java.util.Map<String, Double> cost = new java.util.LinkedHashMap<>();
    cost.put(WarmupRule.MIDDLEWARE, cpu);
    cost.put(WarmupRule.jitSeries(WarmupRule.MIDDLEWARE), cpu * jitShare);
    cost.put("broker", 9.0);
    cost.put(WarmupRule.jitSeries("broker"), 0.2);
    return new WarmupRule.Batch(throughput, cost, 0.5, 60.0);
  }

  @Test
  void aJitStillCompilingHoldsTheWarmupBackAtAnyPaceWhenJudged() {
    // the quickstart's warm-up, bound by BRM's latency: the throughput level, the machine 60% busy,
    // the middleware's compiler threads a third of its CPU
    List<WarmupRule.Batch> batches =
        List.of(withJit(1140, 41, 0.35), withJit(1150, 38, 0.33), withJit(1146, 36, 0.30));

    WarmupRule judged = new WarmupRule(3, 0.10, 5, 10);
    WarmupRule.Verdict verdict = judged.judge(batches);

    assertThat(verdict.steady()).isFalse();
    assertThat(verdict.jitPercent().get(WarmupRule.MIDDLEWARE)).isCloseTo(32.8, within(0.1));
    assertThat(verdict.jitPercent().get("broker")).isCloseTo(2.2, within(0.1));
    assertThat(verdict.compiling(10)).containsExactly(WarmupRule.MIDDLEWARE);
    // the JIT series are no cost series of their own: nothing else held it back
    assertThat(verdict.costs()).isEmpty();
    assertThat(rule.judge(batches).steady()).isTrue();
  }

  @Test
  void aJitThatHasSettledLetsTheWarmupEnd() {
    List<WarmupRule.Batch> batches =
        List.of(
            withJit(1140, 41, 0.35),
            withJit(1150, 16, 0.06),
            withJit(1146, 15, 0.04),
            withJit(1151, 15, 0.05));

    WarmupRule.Verdict verdict = new WarmupRule(3, 0.10, 5, 10).judge(batches);

    assertThat(verdict.steady()).isTrue();
    assertThat(verdict.jitPercent().get(WarmupRule.MIDDLEWARE)).isCloseTo(5.0, within(0.1));
    assertThat(verdict.compiling(10)).isEmpty();
  }

  @Test
  void theJitLimitMustBeAShare() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new WarmupRule(3, 0.1, 5, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxJitPercent");
    assertThat(new WarmupRule(3, 0.1, 5).maxJitPercent()).isEqualTo(100);
  }
}
