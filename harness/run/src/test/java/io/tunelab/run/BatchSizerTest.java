package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchSizerTest {
  private static KnobSet knobs(Map<String, String> values) {
    return KnobSet.defaults().withAll(values);
  }

  private static final KnobSet FIVE_SECONDS =
      knobs(
          Map.of(
              "workload.orders", "60",
              "workload.minMeasuredSeconds", "5",
              "workload.warmupBatchOrders", "0"));

  @Test
  void withoutARateTheBatchIsWorkloadOrders() {
    assertThat(new BatchSizer().measured("1/a", FIVE_SECONDS)).isEqualTo(60);
  }

  @Test
  void aBatchLastsTheMinimumSteadyWindowAtTheLastRatePlusAQuarter() {
    BatchSizer sizer = new BatchSizer();
    sizer.drained(1200);

    // 1,500 a minute is 25 a second; 5 s of steady window are 80% of 156.25 orders
    assertThat(sizer.measured("1/a", FIVE_SECONDS)).isEqualTo(157);
    assertThat(sizer.warmup(FIVE_SECONDS)).isEqualTo(157);
  }

  @Test
  void aStepKeepsTheSizeOfItsFirstMeasuredBatch() {
    BatchSizer sizer = new BatchSizer();
    sizer.drained(650);
    int first = sizer.measured("2/brm-25ms", FIVE_SECONDS);
    // the step turned out faster: its later repetitions (and interleaved returns) are the same size
    sizer.drained(1100);

    assertThat(sizer.measured("2/brm-25ms", FIVE_SECONDS)).isEqualTo(first);
    assertThat(sizer.measured("3/other", FIVE_SECONDS)).isGreaterThan(first);
    assertThat(sizer.warmup(FIVE_SECONDS)).isGreaterThan(first);
  }

  @Test
  void rateModeIsSizedAtTheTargetRateAndAnAskedWarmupBatchIsKept() {
    BatchSizer sizer = new BatchSizer();
    sizer.drained(5000);
    KnobSet rate =
        FIVE_SECONDS.withAll(
            Map.of(
                "workload.mode", "rate",
                "workload.arrivalsPerMinute", "600",
                "workload.warmupBatchOrders", "40"));

    // 10 a second for 5 s over 80% of the batch: 62.5, more than 60
    assertThat(sizer.measured("1/a", rate)).isEqualTo(63);
    assertThat(sizer.warmup(rate)).isEqualTo(40);
  }

  @Test
  void noMinimumWindowMeansWorkloadOrders() {
    BatchSizer sizer = new BatchSizer();
    sizer.drained(100_000);

    assertThat(sizer.measured("1/a", FIVE_SECONDS.with("workload.minMeasuredSeconds", "0")))
        .isEqualTo(60);
  }

  @Test
  void messagingRoundsAndRunsAreAtLeastTheirCountAndGrowToTheWindow() {
    BatchSizer sizer = new BatchSizer();
    KnobSet messaging = FIVE_SECONDS.with("workload.messages", "100");

    // no rate yet: the counts asked
    assertThat(sizer.round(messaging, 50)).isEqualTo(50);
    sizer.drained(60_000);
    // 1,250 a second for 5 s over 80%: 7,813 messages, both for a round and the step's run
    assertThat(sizer.round(messaging, 50)).isEqualTo(7813);
    assertThat(sizer.measured("1/a", messaging, 100)).isEqualTo(7813);
    assertThat(sizer.round(messaging, 10_000)).isEqualTo(10_000);
  }
}
