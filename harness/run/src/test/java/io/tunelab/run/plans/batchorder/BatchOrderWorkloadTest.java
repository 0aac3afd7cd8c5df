package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The batch-order workload as a step's knobs give it, each knob to its field. */
class BatchOrderWorkloadTest {
  @Test
  void eachKnobReachesItsField() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("workload.mode", "rate")
            .with("workload.arrivalsPerMinute", "3000")
            .with("workload.threads", "4")
            .with("workload.seed", "11")
            .with("workload.mix", "1:2:0")
            .with("db.seed.customers", "500")
            .with("workload.newCustomerPercent", "20")
            .with("workload.persistent", "false")
            .with("middleware.intake", "fetcher")
            .with("workload.warmupOrders", "300")
            .with("workload.warmupMaxOrders", "200")
            .with("workload.warmupMaxSeconds", "90")
            .with("workload.warmupFullSpeed", "true")
            .with("workload.drainTimeoutSeconds", "30")
            .with("workload.minMeasuredSeconds", "12")
            .with("workload.maxErrorPercent", "1.5");

    BatchOrderWorkload workload = BatchOrderWorkload.of(knobs);

    assertThat(workload.mode()).isEqualTo(WorkloadKnobs.Mode.RATE);
    assertThat(workload.arrivalsPerMinute()).isEqualTo(3000);
    assertThat(workload.threads()).isEqualTo(4);
    assertThat(workload.seed()).isEqualTo(11);
    assertThat(workload.mix()).isEqualTo(new SizeMix(1, 2, 0));
    assertThat(workload.customers()).isEqualTo(500);
    assertThat(workload.newCustomerPercent()).isEqualTo(20);
    assertThat(workload.persistent()).isFalse();
    assertThat(workload.toInbox()).isTrue();
    assertThat(workload.warmupOrders()).isEqualTo(300);
    assertThat(workload.warmupCap()).as("never under what it must settle").isEqualTo(300);
    assertThat(workload.warmupMaxSeconds()).isEqualTo(90);
    assertThat(workload.warmupFullSpeed()).isTrue();
    assertThat(workload.drainTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(workload.minMeasuredSeconds()).isEqualTo(12);
    assertThat(workload.maxErrorPercent()).isEqualTo(1.5);
    assertThat(BatchOrderWorkload.of(knobs.with("workload.warmupMaxOrders", "5000")).warmupCap())
        .isEqualTo(5000);
  }
}
