package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.PlanRoom;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.FindingSource;
import io.tunelab.core.knobs.KnobSource;
import io.tunelab.core.results.MeasuresSource;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rooms as the command line finds them ({@link PlanRoom}, one line each in {@code
 * META-INF/services}): every part a room lists is of a kind the house reads, so none is silently
 * skipped, and all of a room's parts speak for one plan.
 */
class PlanRoomsTest {
  @Test
  void everyPartOfARoomIsReadByTheHouseAndNamesTheRoomsOnePlan() {
    assertThat(PlanRoom.onClassPath()).as("the messaging room at least").isNotEmpty();
    Set<Plan> rooms = new HashSet<>();
    for (PlanRoom room : PlanRoom.onClassPath()) {
      Set<Plan> plans = new HashSet<>();
      for (Object part : room.parts()) {
        if (part instanceof KnobSource knobs) {
          plans.add(Plan.of(knobs.plan()).orElseThrow());
        } else if (part instanceof FindingSource findings) {
          plans.add(Plan.of(findings.plan()).orElseThrow());
        } else if (part instanceof MeasuresSource<?> measures) {
          plans.add(measures.plan());
        } else {
          throw new AssertionError(room.getClass().getName() + " lists " + part + ", no part");
        }
      }
      assertThat(plans).as(room.getClass().getName()).hasSize(1);
      assertThat(rooms.add(plans.iterator().next())).as("one room a plan").isTrue();
    }
    assertThat(rooms).contains(Plan.MESSAGING);
  }
}
