package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

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
  void cpuPerOrderThatRisesOrWandersIsNotWarmup() {
    // latency-bound: the throughput holds while the CPU per order moves 10-15% either way
    List<WarmupRule.Batch> batches =
        List.of(batch(633, 49, 0), batch(649, 27, 0), batch(686, 30, 0), batch(672, 34, 0));

    WarmupRule.Verdict verdict = rule.judge(batches);

    assertThat(verdict.cpu().cv()).isGreaterThan(0.10);
    assertThat(verdict.steady()).isTrue();
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
}
