package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.LoadTierAdvice;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.measure.DeadlineMisses;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerFiguresTest {
  @Test
  void aPlanWithADeadlineCarriesItsMissesIntoTheRunData() {
    DeadlineMisses misses = new DeadlineMisses(25, 120, 30, 2, 26.67, 1);

    RunData data = new RunnerFigures(118, 21.5, List.of(misses)).applyTo(RunData.empty(6_000));

    assertThat(data.deadline()).contains(new DeadlineMisses(25, 120, 30, 2, 26.67, 1));
    assertThat(data.backend().completedOrders()).isEqualTo(118);
  }

  @Test
  void whateverAPlanMeasuredForTheFindingsIsFoundByItsType() {
    RunData data =
        new RunnerFigures(60, 300, List.of(new LoadTierAdvice("fewer users")))
            .applyTo(RunData.empty(6_000));

    assertThat(data.find(LoadTierAdvice.class)).contains(new LoadTierAdvice("fewer users"));
    assertThat(data.deadline()).isEmpty();
  }

  @Test
  void aPlanWithoutADeadlineLeavesItEmpty() {
    RunData data = RunnerFigures.of(50, 800).applyTo(RunData.empty(6_000));

    assertThat(data.deadline()).isEmpty();
    assertThat(data.backend().completedOrders()).isEqualTo(50);
  }
}
