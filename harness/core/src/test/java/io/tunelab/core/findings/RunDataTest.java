package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The findings' store: each figure under its type, a new type without a change to RunData. */
class RunDataTest {
  /** A figure RunData has never heard of, as a new finding's data would be. */
  record InboxAge(double oldestSeconds) {}

  @Test
  void aFigureOfANewTypeIsStoredAndFoundByItsType() {
    RunData data = RunData.empty(60_000).with(new InboxAge(12.5));

    assertThat(data.find(InboxAge.class)).contains(new InboxAge(12.5));
    assertThat(data.find(GcData.class)).isEmpty();
    assertThat(data.measuredMillis()).isEqualTo(60_000);
  }

  @Test
  void aFigureReplacesTheOneOfItsTypeAndLeavesTheOthers() {
    RunData first = RunData.empty(1_000).with(new InboxAge(1)).with(EngineData.none());
    RunData second = first.with(new InboxAge(2));

    assertThat(second.find(InboxAge.class)).contains(new InboxAge(2));
    assertThat(second.engine()).isEqualTo(EngineData.none());
    assertThat(first.find(InboxAge.class)).as("unchanged").contains(new InboxAge(1));
  }

  @Test
  void listsAreKeptInOrderByTheirElementTypeAndAreEmptyWhenNoneWasStored() {
    QueueSeries intake = new QueueSeries("tunelab.intake", "intake", 1, List.of(), 0);
    QueueSeries orchestration =
        new QueueSeries("tunelab.orchestration", "orchestration", 1, List.of(), 0);

    RunData data = RunData.empty(1_000).withAll(QueueSeries.class, List.of(intake, orchestration));

    assertThat(data.queues()).containsExactly(intake, orchestration);
    assertThat(data.tables()).isEmpty();
    assertThat(data.cpu()).as("what a window without samples reads").isEqualTo(CpuData.none());
  }

  @Test
  void twoStoresWithTheSameFiguresAreEqual() {
    assertThat(RunData.empty(5).with(new InboxAge(3)))
        .isEqualTo(RunData.empty(5).with(new InboxAge(3)))
        .isNotEqualTo(RunData.empty(6).with(new InboxAge(3)));
  }
}
