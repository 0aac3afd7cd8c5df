package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.MeasuresSource;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.RequestMeasures;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Here, where every room is on the class path: a plan whose measures the core has no record for (it
 * counts neither orders nor requests) has its room's {@link MeasuresSource} found, so its
 * repetitions are read back as its own measures rather than as whatever their fields resemble, and
 * its field is not dropped when run.json is written again.
 */
class MeasuresSourcesTest {
  private static final Set<Plan.Unit> THE_CORES = Set.of(Plan.Unit.ORDER, Plan.Unit.REQUEST);

  @ParameterizedTest
  @EnumSource(Plan.class)
  void aPlanCountingWhatTheCoreDoesNotReadsItsMeasuresThroughItsRoom(Plan plan) {
    PlanMeasures read = PlanMeasures.as(plan, new BatchOrderMeasures(null, null, null));
    if (THE_CORES.contains(plan.unit())) {
      assertThat(MeasuresSource.of(plan)).isEmpty();
      assertThat(read)
          .isInstanceOf(
              plan.unit() == Plan.Unit.ORDER ? BatchOrderMeasures.class : RequestMeasures.class);
    } else {
      assertThat(MeasuresSource.of(plan)).as("%s's source on the class path", plan).isPresent();
      assertThat(read.getClass().getPackageName())
          .as("typed by its room's record")
          .startsWith("io.tunelab.run.plans.");
      assertThat(read.unitOperation()).isNotNull();
    }
  }
}
