package io.tunelab.tiers.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Knobs;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.CompletionRates;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.tiers.load.FaultedOrders;
import io.tunelab.tiers.load.MocksCompletions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The warm-up of a batch-order repetition, until the middleware's completion rate is steady rather
 * than for a fixed count: the JIT of a freshly started JVM on a small machine takes a thousand
 * orders or more, a JVM that is already warm needs a few hundred to show it, and a fixed count
 * either measures warm-up or wastes time.
 *
 * <p>Orders go out in backlogs, each enqueued with delivery held and then released, so that the
 * load tier is never on the CPU while the rates are taken; each backlog is twice the size of the
 * one before, the first just big enough for the rule to judge, the total at most {@code
 * workload.warmupMaxOrders}. The {@link SteadyState} rule judges the completion rates of windows of
 * {@code workload.steadyWindowOrders} after every poll ({@link WarmupWatch}). Once steady (and at
 * least {@code workload.warmupOrders} completed), delivery is held again, the orders still waiting
 * are removed unprocessed and the ones in flight are waited for, so the measured batch starts on an
 * idle middleware. The verdict, every window's rate and why the warm-up ended are recorded.
 */
final class SteadyWarmup {
  static final String STEADY = "steady";
  private static final Duration QUEUE_WAIT = Duration.ofSeconds(120);

  private final RunTiers tiers;
  private final OrderSender sender;
  private final Progress progress;

  SteadyWarmup(RunTiers tiers, OrderSender sender, Progress progress) {
    this.tiers = tiers;
    this.sender = sender;
    this.progress = progress;
  }

  /** Warms the middleware up; {@code tag} starts the warm-up's order ids. */
  Warmup run(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    long started = System.currentTimeMillis();
    try (FaultedOrders faults =
            new FaultedOrders(RunTiers.dataSource(tiers.endpoints()), "ORD-" + tag);
        IntakeHold hold = IntakeHold.hold(tiers.endpoints().broker(), OrderSender.INTAKE_QUEUE)) {
      WarmupWatch watch =
          new WarmupWatch(new MocksCompletions(tiers.siebel(), tiers.siebel().reset()), faults);
      String endedBy = null;
      int size = firstBacklog(knobs);
      for (int backlog = 1; endedBy == null; backlog++, size *= 2) {
        int left = cap(knobs) - watch.sent();
        if (left <= 0) {
          endedBy = "workload.warmupMaxOrders (" + cap(knobs) + ") orders drained first";
          break;
        }
        String chunk = tag + "b" + backlog;
        progress.phase(at, "warm-up: enqueuing " + Math.min(size, left) + " orders (not measured)");
        OrderSender.Sent sent =
            sender.send(knobs, Math.min(size, left), chunk, dir.resolve("backlog-" + backlog));
        hold.awaitQueued(sent.count(), QUEUE_WAIT);
        watch.addBacklog(sent.sentAtMillis().keySet());
        hold.release();
        endedBy = drainBacklog(knobs, at, watch, started);
        hold.pauseAgain();
      }
      SteadyStateReport report = report(knobs, watch, endedBy, started);
      int purged = (int) hold.purge();
      watch.awaitSettled(
          watch.sent() - purged,
          Duration.ofSeconds(knobs.get(Knobs.WORKLOAD_DRAIN_TIMEOUT)),
          tiers::middlewareDeath);
      progress.line(summary(at, report, watch.sent(), purged));
      return Warmup.untilSteady(
          watch.sent(), watch.settled(), purged, System.currentTimeMillis() - started, report);
    }
  }

  /** Enough for the rule's windows in the middle 80% of a backlog, and the minimum warm-up. */
  private static int firstBacklog(KnobSet knobs) {
    int windows = knobs.get(Knobs.WORKLOAD_STEADY_WINDOWS) + 1;
    int forRule =
        (int)
            Math.ceil(
                windows
                    * knobs.get(Knobs.WORKLOAD_STEADY_WINDOW_ORDERS)
                    / (1 - 2 * CompletionRates.TRIM));
    return Math.max(forRule, knobs.get(Knobs.WORKLOAD_WARMUP_ORDERS));
  }

  private static int cap(KnobSet knobs) {
    return Math.max(
        knobs.get(Knobs.WORKLOAD_WARMUP_ORDERS), knobs.get(Knobs.WORKLOAD_WARMUP_MAX_ORDERS));
  }

  /**
   * Polls while the released backlog drains: returns why the warm-up must end ({@value #STEADY},
   * the time cap, a dead middleware), or null when the backlog drained and another is due.
   */
  private String drainBacklog(KnobSet knobs, Progress.Position at, WarmupWatch watch, long started)
      throws InterruptedException {
    SteadyState rule = rule(knobs);
    int windowOrders = knobs.get(Knobs.WORKLOAD_STEADY_WINDOW_ORDERS);
    long capMillis = 1000L * knobs.get(Knobs.WORKLOAD_WARMUP_MAX_SECONDS);
    progress.phase(at, "warm-up until steady (not measured)");
    while (true) {
      watch.poll();
      List<Double> rates = watch.windowRates(windowOrders);
      progress.live(
          at, watch.settled(), watch.sent(), rates.isEmpty() ? 0 : rates.get(rates.size() - 1));
      if (rule.judge(rates).steady()
          && watch.completed() >= knobs.get(Knobs.WORKLOAD_WARMUP_ORDERS)) {
        return STEADY;
      }
      if (tiers.middlewareDeath().isPresent()) {
        return "the middleware died: " + tiers.middlewareDeath().get();
      }
      if (System.currentTimeMillis() - started >= capMillis) {
        return "the time cap workload.warmupMaxSeconds ("
            + knobs.get(Knobs.WORKLOAD_WARMUP_MAX_SECONDS)
            + " s) was reached";
      }
      if (watch.settled() >= watch.sent()) {
        return null;
      }
      Thread.sleep(WarmupWatch.POLL.toMillis());
    }
  }

  static SteadyState rule(KnobSet knobs) {
    return new SteadyState(
        knobs.get(Knobs.WORKLOAD_STEADY_WINDOWS), knobs.get(Knobs.WORKLOAD_STEADY_TOLERANCE) / 100);
  }

  private static SteadyStateReport report(
      KnobSet knobs, WarmupWatch watch, String endedBy, long started) {
    SteadyState rule = rule(knobs);
    int windowOrders = knobs.get(Knobs.WORKLOAD_STEADY_WINDOW_ORDERS);
    List<Double> rates = watch.windowRates(windowOrders);
    SteadyState.Verdict verdict = rule.judge(rates);
    boolean reached = STEADY.equals(endedBy);
    String text =
        String.format(
            Locale.ROOT,
            "steady when the completion rates of the last %d windows of %d orders (the middle 80%%"
                + " of each backlog) vary (CV) and trend by at most %s%%",
            rule.windows(),
            windowOrders,
            Knobs.WORKLOAD_STEADY_TOLERANCE.format(knobs.get(Knobs.WORKLOAD_STEADY_TOLERANCE)));
    return new SteadyStateReport(
        reached,
        text,
        windowOrders,
        rates,
        reached ? verdict.level() : null,
        Double.isNaN(verdict.cv()) ? null : 100 * verdict.cv(),
        Double.isNaN(verdict.trend()) ? null : 100 * verdict.trend(),
        verdict.shape().name(),
        watch.completed(),
        System.currentTimeMillis() - started,
        endedBy);
  }

  private static String summary(
      Progress.Position at, SteadyStateReport report, int sent, int purged) {
    String level =
        report.reached()
            ? String.format(Locale.ROOT, "steady at %.1f orders/min", report.levelPerMinute())
            : "NO STEADY STATE (" + report.endedBy() + ")";
    return String.format(
        Locale.ROOT,
        "%s rep %d: warm-up %s after %d completed orders and %.1f s (%d windows, shape %s); %d of"
            + " %d sent removed unprocessed",
        at.step(),
        at.repetition(),
        level,
        report.afterOrders(),
        report.afterMillis() / 1000.0,
        report.windowRatesPerMinute().size(),
        report.shape(),
        purged,
        sent);
  }
}
