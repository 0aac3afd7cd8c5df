package io.tunelab.run.plans.messaging;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.TimedLatencies;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.run.Verdicts;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What a measured messaging run means for run.json. Every message is accounted for by its id: sent
 * = driven + failed + lost, and none finished that was not sent ({@link MessageAccounting}). The
 * throughput is the rate the server finished messages (driven or failed) from the first send to the
 * last finish, the study's steady message rate; the latency is end to end one way (send to the
 * server's record of the outcome) and the clients' round trip two way. Invalid when a sent message
 * was lost, when the load JVM failed other than by failed samples, or when the errors (failed, lost
 * and unsent messages) exceed {@code workload.maxErrorPercent}.
 *
 * @param latency the histogram behind {@link Metrics#latencyMillis()}
 */
record MessagingOutcome(
    boolean valid, String verdict, Metrics metrics, MessageMetrics messages, Histogram latency) {

  /** Highest latency tracked: one hour. */
  private static final long HIGHEST_MILLIS = 3_600_000;

  static MessagingOutcome of(MessagingRun run, KnobSet knobs, long duplicates) {
    MessagingPlan plan = run.plan();
    MessageLedger ledger = run.ledger();
    List<JtlRecord> samples = run.samples();
    long finished = ledger.finished();
    MessageAccounting byId = run.accounting();
    long lost = byId.lost().size();
    long unsent = plan.messages() - run.sent();
    long errors = ledger.failed() + lost + unsent;
    double errorPercent = 100.0 * errors / plan.messages();
    double sendSeconds = spanSeconds(samples);
    // backlog: from the release; else from the first send
    long from = run.releasedAtMillis() > 0 ? run.releasedAtMillis() : ledger.firstSentMillis();
    double receiveSeconds =
        ledger.lastFinishedMillis() > from ? (ledger.lastFinishedMillis() - from) / 1000.0 : 0;
    double sendPerSecond = sendSeconds > 0 ? run.sent() / sendSeconds : 0;
    double receivePerSecond = receiveSeconds > 0 ? finished / receiveSeconds : 0;
    TimedLatencies roundTrip = null;
    Double answeredPerSecond = null;
    if (plan.twoWay()) {
      roundTrip = new TimedLatencies(HIGHEST_MILLIS, 3);
      long answered = 0;
      for (JtlRecord sample : samples) {
        roundTrip.record(
            sample.endMillis(), Math.min(HIGHEST_MILLIS, Math.max(0, sample.elapsedMillis())));
        answered += sample.success() ? 1 : 0;
      }
      answeredPerSecond = sendSeconds > 0 ? answered / sendSeconds : 0.0;
    }
    Histogram latency = roundTrip != null ? roundTrip : ledger.endToEnd();
    StringBuilder verdict =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d messages: %d sent, %d driven, %d failed, %d lost; sent %.1f/s, finished %.1f/s",
                plan.messages(),
                run.sent(),
                ledger.driven(),
                ledger.failed(),
                lost,
                sendPerSecond,
                receivePerSecond));
    if (answeredPerSecond != null) {
      verdict.append(String.format(Locale.ROOT, ", answered %.1f/s", answeredPerSecond));
    }
    boolean valid = true;
    if (lost > 0) {
      valid = false;
      verdict.append("; INVALID: ").append(lost).append(" messages lost (");
      verdict.append(run.drainEndedBy()).append("): ");
      verdict.append(MessageAccounting.firstIds(byId.lost(), 10));
    }
    if (!byId.unexpected().isEmpty()) {
      valid = false;
      verdict
          .append("; INVALID: ")
          .append(byId.unexpected().size())
          .append(" messages finished that this run's clients never sent: ")
          .append(MessageAccounting.firstIds(byId.unexpected(), 10));
    }
    int exit = run.load().exitCode();
    boolean failedSamples = samples.stream().anyMatch(sample -> !sample.success());
    if (exit != 0 && !(exit == 1 && failedSamples)) {
      valid = false;
      verdict.append("; INVALID: the load JVM ended with status ").append(exit);
    }
    valid &= !Verdicts.empty(verdict, samples.size(), "message", run.load().log());
    valid &= !Verdicts.crashMissed(verdict, knobs, run.crash(), finished, "messages");
    valid &=
        !Verdicts.tooManyErrors(
            verdict, errorPercent, MessagingWorkload.of(knobs).maxErrorPercent());
    Double target = plan.arrivalsPerMinute() > 0 ? (double) plan.arrivalsPerMinute() : null;
    Double achieved = target == null ? null : achievedPerMinute(samples);
    MessageMetrics messages =
        new MessageMetrics(
            plan.twoWay() ? "two-way" : "one-way",
            plan.twoWay() ? plan.replyQueue().name().toLowerCase(Locale.ROOT) : "none",
            plan.messages(),
            run.sent(),
            ledger.driven(),
            ledger.replied(),
            ledger.failed(),
            lost,
            duplicates,
            sendPerSecond,
            receivePerSecond,
            answeredPerSecond,
            percentiles(ledger.endToEnd()),
            roundTrip == null ? null : percentiles(roundTrip),
            ledger.failureReasons(),
            target,
            achieved,
            run.replies() == null ? null : run.replies().queues(),
            run.replies() == null ? null : run.replies().consumers());
    Metrics metrics = Metrics.of(receivePerSecond * 60, percentiles(latency), errors);
    return new MessagingOutcome(valid, verdict.toString(), metrics, messages, latency);
  }

  private static LatencyMillis percentiles(Histogram histogram) {
    return histogram.getTotalCount() == 0
        ? new LatencyMillis(0, 0, 0, 0)
        : LatencyMillis.of(histogram, histogram.getMaxValue());
  }

  private static double spanSeconds(List<JtlRecord> samples) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (JtlRecord sample : samples) {
      first = Math.min(first, sample.timeStampMillis());
      last = Math.max(last, sample.endMillis());
    }
    return samples.isEmpty() || last <= first ? 0 : (last - first) / 1000.0;
  }

  /** (n - 1) x 60,000 / (last - first send start); null for fewer than two sends. */
  private static Double achievedPerMinute(List<JtlRecord> samples) {
    List<Long> starts = samples.stream().map(JtlRecord::timeStampMillis).sorted().toList();
    if (starts.size() < 2 || starts.get(starts.size() - 1).equals(starts.get(0))) {
      return null;
    }
    return (starts.size() - 1) * 60_000.0 / (starts.get(starts.size() - 1) - starts.get(0));
  }
}
