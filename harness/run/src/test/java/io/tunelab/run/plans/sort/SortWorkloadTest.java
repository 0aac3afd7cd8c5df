package io.tunelab.run.plans.sort;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import org.junit.jupiter.api.Test;

/** The sort-requests workload as a step's knobs give it, each knob to its field. */
class SortWorkloadTest {
  @Test
  void eachKnobReachesItsField() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("workload.arrivalsPerMinute", "18000")
            .with("workload.durationSeconds", "20")
            .with("workload.warmupSeconds", "10")
            .with("workload.engines", "2")
            .with("workload.seed", "9")
            .with("workload.mix", "1:2:3")
            .with("workload.rescanPercent", "5")
            .with("workload.rescanAfterSeconds", "3")
            .with("workload.responseTimeoutMillis", "4000")
            .with("workload.maxErrorPercent", "100")
            .with("workload.deadlineMillis", "1500")
            .with("workload.maxMissPercent", "2.5");

    SortWorkload workload = SortWorkload.of(knobs);

    assertThat(workload.arrivalsPerMinute()).isEqualTo(18000);
    assertThat(workload.durationSeconds()).isEqualTo(20);
    assertThat(workload.warmupSeconds()).isEqualTo(10);
    assertThat(workload.engines()).isEqualTo(2);
    assertThat(workload.seed()).isEqualTo(9);
    assertThat(workload.mix()).isEqualTo(new SortRequests.Mix(1, 2, 3));
    assertThat(workload.rescanPercent()).isEqualTo(5);
    assertThat(workload.rescanAfterSeconds()).isEqualTo(3);
    assertThat(workload.responseTimeoutMillis()).isEqualTo(4000);
    assertThat(workload.maxErrorPercent()).isEqualTo(100.0);
    assertThat(workload.deadlineMillis()).isEqualTo(1500);
    assertThat(workload.maxMissPercent()).isEqualTo(2.5);
  }
}
