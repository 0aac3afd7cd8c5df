package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.MeasuresSource;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
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

  /**
   * A repetition's room field is read by the first source that names it: two rooms, or a room and
   * the house, sharing a field would read one plan's measures as another's.
   */
  @Test
  void eachRoomsFieldIsItsOwnAndNoneOfTheHouses() {
    List<String> fields = MeasuresSource.onClassPath().stream().map(s -> s.field()).toList();
    ObjectMapper json = new ObjectMapper();
    Set<String> house =
        json
            .getSerializationConfig()
            .introspect(json.constructType(Repetition.class))
            .findProperties()
            .stream()
            .map(BeanPropertyDefinition::getName)
            .collect(Collectors.toSet());

    assertThat(fields).isNotEmpty().doesNotHaveDuplicates().doesNotContainAnyElementsOf(house);
    assertThat(house).contains("number", "accounting", "requests");
  }
}
