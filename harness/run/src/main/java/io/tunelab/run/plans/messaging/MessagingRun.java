package io.tunelab.run.plans.messaging;

import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.run.CrashAt;
import io.tunelab.run.RunTiers;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One run of the messaging plan and its drain: the clients send (their own JMeter JVM), then the
 * harness waits until the server has finished (driven or failed) every message sent, or until none
 * finished for the drain timeout, and reads what the server recorded.
 *
 * @param plan what the clients were told
 * @param load the load tier's run: exit status, JTL, logs
 * @param samples the JTL's samples, one per message
 * @param sent messages that went out: one way the successful sends; two way every sample (a reply
 *     that never came still had its request sent)
 * @param ledger what the server recorded once the drain ended
 * @param accounting every message by its id: what the clients sent against what the server finished
 * @param drainEndedBy null when every sent message finished; else why the drain gave up
 * @param releasedAtMillis backlog: when the held messages were released (epoch ms); 0 otherwise
 * @param replies two way: the reply queues and their consumers the broker counted while the clients
 *     ran; null one way
 * @param crash the tier killed during the run ({@code workload.crash}); empty when none was
 */
record MessagingRun(
    MessagingPlan plan,
    LoadRun load,
    List<JtlRecord> samples,
    long sent,
    MessageLedger ledger,
    MessageAccounting accounting,
    String drainEndedBy,
    long releasedAtMillis,
    ReplyQueueWatch.Seen replies,
    Optional<TierCrash> crash) {
  private static final long POLL_MILLIS = 200;
  private static final Duration REPLY_WATCH_EVERY = Duration.ofMillis(500);

  /**
   * Runs the clients, then drains.
   *
   * @param backlog hold the messages on their queues (paused) while the clients send, then release
   *     them all at once: the drain is timed without the clients on the CPU
   * @param atRelease runs just before the release (backlog only)
   * @param crash the crash the run is to hold ({@code workload.crash}), already watching; empty for
   *     none
   */
  static MessagingRun run(
      RunTiers tiers,
      LoadGenerator generator,
      MessagingPlan plan,
      Path dir,
      Duration drainTimeout,
      boolean backlog,
      Runnable atRelease,
      boolean dashboard,
      Optional<CrashAt> crash)
      throws InterruptedException {
    List<String> queues = MessagingQueues.names(plan.queues());
    LoadRun load;
    long released = 0;
    ReplyQueueWatch.Seen replies = null;
    if (backlog) {
      try (BrokerManagement broker = BrokerManagement.of(tiers.endpoints())) {
        queues.forEach(broker::pauseQueue);
        try {
          load = send(tiers, generator, plan, dir, dashboard);
        } finally {
          atRelease.run();
          released = System.currentTimeMillis();
          queues.forEach(broker::resumeQueue);
        }
      }
    } else if (plan.twoWay()) {
      try (ReplyQueueWatch watch =
          ReplyQueueWatch.start(tiers.endpoints(), () -> replyQueues(tiers), REPLY_WATCH_EVERY)) {
        load = send(tiers, generator, plan, dir, dashboard);
        replies = watch.seen();
      }
    } else {
      load = send(tiers, generator, plan, dir, dashboard);
    }
    if (Thread.interrupted()) {
      throw new InterruptedException("stopped during the load run");
    }
    List<JtlRecord> samples;
    try {
      samples = load.records();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the JTL of " + dir, e);
    }
    long sent =
        plan.twoWay() ? samples.size() : samples.stream().filter(JtlRecord::success).count();
    String prefix = plan.idPrefix();
    String endedBy = drain(tiers, prefix, sent, drainTimeout, crash);
    Optional<TierCrash> crashed =
        crash.isPresent() ? crash.get().finish() : Optional.<TierCrash>empty();
    MessageAccounting accounting =
        MessageAccounting.of(
            plannedIds(plan),
            samples,
            plan.twoWay(),
            MessageLedger.finishedIds(tiers.endpoints(), prefix));
    return new MessagingRun(
        plan,
        load,
        samples,
        sent,
        MessageLedger.read(tiers.endpoints(), prefix),
        accounting,
        endedBy,
        released,
        replies,
        crashed);
  }

  /** Every id the clients were to send: message 1 to the plan's last. */
  static List<String> plannedIds(MessagingPlan plan) {
    return java.util.stream.LongStream.rangeClosed(1, plan.messages())
        .mapToObj(plan::messageId)
        .toList();
  }

  private static LoadRun send(
      RunTiers tiers, LoadGenerator generator, MessagingPlan plan, Path dir, boolean dashboard) {
    try {
      return generator.run(plan.loadPlan(), dir, timeout(plan), dashboard);
    } catch (IllegalStateException e) {
      throw tiers.loadFailed(e);
    }
  }

  /** The queues the messaging server has sent replies to, from its /status. */
  private static List<String> replyQueues(RunTiers tiers) {
    List<String> names = new java.util.ArrayList<>();
    tiers
        .middleware()
        .status()
        .path("messaging")
        .path("replyQueues")
        .forEach(n -> names.add(n.asText()));
    return names;
  }

  /** Waits for the server to finish {@code sent} messages; null when it did, else why not. */
  private static String drain(
      RunTiers tiers, String prefix, long sent, Duration timeout, Optional<CrashAt> crash)
      throws InterruptedException {
    try (FinishedMessages counted = new FinishedMessages(tiers.endpoints(), prefix)) {
      return drain(tiers, counted, sent, timeout, crash);
    }
  }

  private static String drain(
      RunTiers tiers,
      FinishedMessages counted,
      long sent,
      Duration timeout,
      Optional<CrashAt> crash)
      throws InterruptedException {
    long finished = -1;
    long lastProgress = System.nanoTime();
    while (true) {
      long now;
      try {
        now = counted.count();
      } catch (IllegalStateException e) {
        if (crash.isEmpty() || !crash.get().outage()) {
          throw e;
        }
        // the database killed on purpose: no progress to read until it is back
        now = finished;
      }
      if (now >= sent) {
        return null;
      }
      if (now != finished) {
        finished = now;
        lastProgress = System.nanoTime();
      } else if (System.nanoTime() - lastProgress > timeout.toNanos()) {
        return "no message finished for workload.drainTimeoutSeconds ("
            + timeout.toSeconds()
            + " s) with "
            + (sent - now)
            + " of "
            + sent
            + " still unfinished";
      }
      if (tiers.middlewareDeath().isPresent()) {
        return "the middleware died: " + tiers.middlewareDeath().get();
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  /**
   * A safety net, not a measurement bound: five minutes, plus the schedule of the open model, plus
   * (two way) every reply timing out on the fewest threads.
   */
  static Duration timeout(MessagingPlan plan) {
    Duration net = Duration.ofMinutes(5);
    if (plan.arrivalsPerMinute() > 0) {
      net = net.plusMillis(60_000L * plan.messages() / plan.arrivalsPerMinute());
    }
    if (plan.twoWay()) {
      net = net.plusMillis((long) plan.replyTimeoutMillis() * plan.messages() / plan.threads());
    }
    return net.plusMillis(10L * plan.messages());
  }
}
