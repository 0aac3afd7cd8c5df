package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stats.WarmupRule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarmupReportsTest {
  @Test
  void theJitLimitReachesTheRuleAndHoldsAWarmupBackWithTheReasonGiven() {
    KnobSet judged = KnobSet.defaults().with("workload.warmupMaxJitPercent", "10");
    WarmupRule rule = WarmupReports.rule(judged);
    List<WarmupRule.Batch> compiling =
        List.of(batch(1140, 41, 14), batch(1150, 38, 12), batch(1146, 36, 11));

    WarmupRule.Verdict verdict = rule.judge(compiling);

    assertThat(rule.maxJitPercent()).isEqualTo(10);
    assertThat(verdict.steady()).isFalse();
    assertThat(WarmupReports.stillCompiling(judged, verdict))
        .isEqualTo(
            ", the middleware's JIT still at 32% of its CPU (workload.warmupMaxJitPercent 10%)");
    // by default the JIT is shown, not judged
    assertThat(WarmupReports.rule(KnobSet.defaults()).judge(compiling).steady()).isTrue();
    assertThat(WarmupReports.stillCompiling(KnobSet.defaults(), verdict)).isEmpty();
  }

  private static WarmupRule.Batch batch(double throughput, double cpu, double jit) {
    return new WarmupRule.Batch(
        throughput,
        Map.of(WarmupRule.MIDDLEWARE, cpu, WarmupRule.jitSeries(WarmupRule.MIDDLEWARE), jit),
        0.5,
        60.0);
  }
}
