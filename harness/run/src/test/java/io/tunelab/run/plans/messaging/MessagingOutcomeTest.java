package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.jmeter.LoadRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MessagingOutcomeTest {
  private static final LoadRun LOAD =
      new LoadRun(
          0, Path.of("results.jtl"), Path.of("load.log"), Path.of("jmeter.log"), Duration.ZERO);

  /**
   * {@code n} one-way sends of {@code plan}'s messages 1 to n, one every 10 ms from t = 1,000,000
   * ms, each taking 2 ms.
   */
  private static List<JtlRecord> sends(MessagingPlan plan, int n, boolean success) {
    List<JtlRecord> samples = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      samples.add(sample(plan, i + 1, 1_000_000 + 10L * i, 2, success));
    }
    return samples;
  }

  private static JtlRecord sample(
      MessagingPlan plan, int n, long at, long elapsed, boolean success) {
    return new JtlRecord(
        at,
        elapsed,
        "send",
        success ? "200" : "500",
        "",
        "c 1-1",
        success,
        Map.of(MessageAccounting.MESSAGE_ID, plan.messageId(n)));
  }

  /** The server drove messages 1 to {@code driven} and failed the next {@code failed}. */
  private static MessageAccounting byId(
      MessagingPlan plan, List<JtlRecord> samples, int driven, int failed) {
    Map<String, String> finished = new LinkedHashMap<>();
    for (int n = 1; n <= driven + failed; n++) {
      finished.put(plan.messageId(n), n <= driven ? "DRIVEN" : "FAILED");
    }
    return MessageAccounting.of(MessagingRun.plannedIds(plan), samples, plan.twoWay(), finished);
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
    List<JtlRecord> samples = sends(plan, 100, true);
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            100,
            ledger(98, 2, 1_002_000, 5, 7, 9),
            byId(plan, samples, 98, 2),
            null,
            0,
            null,
            Optional.empty());

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
    List<JtlRecord> samples = sends(plan, 100, true);
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            100,
            ledger(100, 0, 1_003_000, 5),
            byId(plan, samples, 100, 0),
            null,
            1_001_000,
            null,
            Optional.empty());

    MessagingOutcome outcome = MessagingOutcome.of(run, KnobSet.defaults(), 0);

    // 100 finished in the 2 s from the release, not the 3 s from the first send
    assertThat(outcome.messages().receivePerSecond()).isEqualTo(50.0);
  }

  @Test
  void aSentMessageTheServerNeverFinishedIsLostAndTheRepetitionInvalid() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 10, 1, 1);
    List<JtlRecord> samples = sends(plan, 10, true);
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            10,
            ledger(9, 0, 1_001_000, 5),
            byId(plan, samples, 9, 0),
            "no message finished",
            0,
            null,
            Optional.empty());

    MessagingOutcome outcome = MessagingOutcome.of(run, KnobSet.defaults(), 0);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.messages().lost()).isEqualTo(1);
    assertThat(outcome.verdict())
        .contains("INVALID: 1 messages lost (no message finished): " + plan.messageId(10));
    assertThat(run.accounting().csv())
        .startsWith("messageId,outcome\n" + plan.messageId(1) + ",DRIVEN\n")
        .endsWith(plan.messageId(10) + ",LOST\n");
  }

  /**
   * By id, not by count: one sent message lost while the server finished one this run's clients
   * never sent still leaves 10 finished of 10 sent, and the repetition is invalid naming both.
   */
  @Test
  void aLostMessageAndAnUnexpectedOneDoNotCancelOut() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 10, 1, 1);
    List<JtlRecord> samples = sends(plan, 10, true);
    Map<String, String> finished = new LinkedHashMap<>();
    for (int n = 1; n <= 9; n++) {
      finished.put(plan.messageId(n), "DRIVEN");
    }
    finished.put(plan.idPrefix() + "99999999", "DRIVEN");
    MessageAccounting accounting =
        MessageAccounting.of(MessagingRun.plannedIds(plan), samples, false, finished);
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            10,
            ledger(10, 0, 1_001_000, 5),
            accounting,
            null,
            0,
            null,
            Optional.empty());

    MessagingOutcome outcome = MessagingOutcome.of(run, KnobSet.defaults(), 0);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.messages().lost()).isEqualTo(1);
    assertThat(outcome.verdict())
        .contains("1 messages lost (null): " + plan.messageId(10))
        .contains(
            "INVALID: 1 messages finished that this run's clients never sent: "
                + plan.idPrefix()
                + "99999999");
    assertThat(accounting.outcomes())
        .containsEntry(plan.messageId(10), MessageAccounting.Outcome.LOST)
        .containsEntry(plan.idPrefix() + "99999999", MessageAccounting.Outcome.UNEXPECTED);
  }

  @Test
  void aMessageWhoseSendFailedOneWayIsUnsentNotLost() {
    MessagingPlan plan = MessagingPlan.oneWay("tcp://127.0.0.1:1", 3, 1, 1);
    List<JtlRecord> samples =
        List.of(
            sample(plan, 1, 1_000_000, 2, true),
            sample(plan, 2, 1_000_010, 2, false),
            sample(plan, 3, 1_000_020, 2, true));

    MessageAccounting accounting =
        MessageAccounting.of(
            MessagingRun.plannedIds(plan),
            samples,
            false,
            Map.of(plan.messageId(1), "DRIVEN", plan.messageId(3), "FAILED"));

    assertThat(accounting.lost()).isEmpty();
    assertThat(accounting.unexpected()).isEmpty();
    assertThat(accounting.outcomes().values())
        .containsExactly(
            MessageAccounting.Outcome.DRIVEN,
            MessageAccounting.Outcome.UNSENT,
            MessageAccounting.Outcome.FAILED);
  }

  @Test
  void twoWayTimesTheRoundTripAndCountsAnswers() {
    MessagingPlan plan =
        MessagingPlan.oneWay("tcp://127.0.0.1:1", 10, 1, 1)
            .twoWay(MessagingPlan.ReplyQueue.TEMPORARY);
    List<JtlRecord> samples = sends(plan, 10, true);
    samples.set(3, sample(plan, 4, 1_000_030, 40, false));
    MessagingRun run =
        new MessagingRun(
            plan,
            LOAD,
            samples,
            10,
            ledger(9, 1, 1_000_500, 3),
            byId(plan, samples, 9, 1),
            null,
            0,
            new ReplyQueueWatch.Seen(1, 1),
            Optional.empty());

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
