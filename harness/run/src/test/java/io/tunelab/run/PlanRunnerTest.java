package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import org.junit.jupiter.api.Test;

class PlanRunnerTest {
  @Test
  void everyPlanHasARunner() {
    assertThat(PlanRunner.BY_PLAN).containsOnlyKeys(Plan.values());
  }

  @Test
  void eachBatchOrderRunSizesItsOwnBatches() {
    assertThat(PlanRunner.forRun(Plan.BATCH_ORDER))
        .isNotSameAs(PlanRunner.forRun(Plan.BATCH_ORDER));
  }
}
