package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.broker.ReplyQueueWatch;
import io.tunelab.tiers.db.MessageLedger;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.MessagingPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MessagingOutcomeTest {
  private static final LoadRun LOAD =
      new LoadRun(
          0, Path.of("results.jtl"), Path.of("load.log"), Path.of("jmeter.log"), Duration.ZERO);

  /** {@code n} one-way sends, one every 10 ms from t = 1,000,000 ms, each taking 2 ms. */
  private static List<JtlRecord> sends(int n, boolean success) {
    List<JtlRecord> samples = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      samples.add(
          new JtlRecord(
              1_000_000 + 10L * i, 2, "MSG-t-" + i, "200", "", "c 1-1", success, Map.of()));
    }
    return samples;
  }

  private static MessageLedger ledger(long driven, long failed, long lastFinished, long... e2e) {
    Histogram latency = new Histogram(3_600_000, 3);
    for (long millis : e2e) {
      latency.recordValue(millis);
    }
    return new MessageLedger(
        driven + failed,
        driven,
        0,
        failed,
        failed > 0 ? Map.of("driver DriveDevice failed", failed) : Map.of(),
        1_000_000,
        lastFinished,
        latency);
  }

  @Test
  void everyMessageAccountedForGivesTheServersRateAndTheEndToEndLatency() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 100, 2, 1);
    MessagingRun run =
        new MessagingRun(
            plan, LOAD, sends(100, true), 100, ledger(98, 2, 1_002_000, 5, 7, 9), null, 0, null);

    MessagingOutcome outcome =
        MessagingOutcome.of(run, KnobSet.defaults().with("workload.maxErrorPercent", "5"), 0);

    assertThat(outcome.valid()).as(outcome.verdict()).isTrue();
    // 100 finished over the 2 s from the first send to the last finish
    assertThat(outcome.metrics().throughputPerMinute()).isEqualTo(3000.0);
    assertThat(outcome.messages().receivePerSecond()).isEqualTo(50.0);
    // 100 sends over 0.992 s (first start to last end)
    assertThat(outcome.messages().sendPerSecond())
        .isCloseTo(100 / 0.992, org.assertj.core.data.Offset.offset(0.01));
    assertThat(outcome.messages().lost()).isZero();
    assertThat(outcome.messages().failed()).isEqualTo(2);
    assertThat(outcome.metrics().errors()).isEqualTo(2);
    assertThat(outcome.metrics().latencyMillis().max()).isEqualTo(9);
    assertThat(outcome.messages().roundTrip()).isNull();
    assertThat(outcome.verdict())
        .startsWith(
            "100 messages: 100 sent, 98 driven, 2 failed, 0 lost; sent 100.8/s, finished 50.0/s");
  }

  @Test
  void aBacklogIsTimedFromItsRelease() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 100, 2, 1);
    MessagingRun run =
        new MessagingRun(
            plan, LOAD, sends(100, true), 100, ledger(100, 0, 1_003_000, 5), null, 1_001_000, null);

    MessagingOutcome outcome = MessagingOutcome.of(run, KnobSet.defaults(), 0);

    // 100 finished in the 2 s from the release, not the 3 s from the first send
    assertThat(outcome.messages().receivePerSecond()).isEqualTo(50.0);
  }

  @Test
  void aSentMessageTheServerNeverFinishedIsLostAndTheRepetitionInvalid() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 10, 1, 1);
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            sends(10, true),
            10,
            ledger(9, 0, 1_001_000, 5),
            "no message finished",
            0,
            null);

    MessagingOutcome outcome = MessagingOutcome.of(run, KnobSet.defaults(), 0);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.messages().lost()).isEqualTo(1);
    assertThat(outcome.verdict()).contains("INVALID: 1 messages lost (no message finished)");
  }

  @Test
  void twoWayTimesTheRoundTripAndCountsAnswers() {
    MessagingPlan plan =
        MessagingPlan.oneWay("tcp://127.0.0.1:1", 10, 1, 1)
            .twoWay(MessagingPlan.ReplyQueue.TEMPORARY);
    List<JtlRecord> samples = sends(10, true);
    samples.set(3, new JtlRecord(1_000_030, 40, "MSG-t-3", "500", "", "c 1-1", false, Map.of()));
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            10,
            ledger(9, 1, 1_000_500, 3),
            null,
            0,
            new ReplyQueueWatch.Seen(1, 1));

    MessagingOutcome outcome =
        MessagingOutcome.of(run, KnobSet.defaults().with("workload.maxErrorPercent", "10"), 0);

    assertThat(outcome.valid()).as(outcome.verdict()).isTrue();
    assertThat(outcome.messages().roundTrip().max()).isEqualTo(40);
    assertThat(outcome.metrics().latencyMillis().max()).isEqualTo(40);
    assertThat(outcome.messages().answeredPerSecond())
        .isCloseTo(9 / 0.092, org.assertj.core.data.Offset.offset(0.01));
    assertThat(outcome.messages().replyQueue()).isEqualTo("temporary");
    assertThat(outcome.messages().replyQueues()).isEqualTo(1);
    assertThat(outcome.messages().replyConsumers()).isEqualTo(1);
  }
}
