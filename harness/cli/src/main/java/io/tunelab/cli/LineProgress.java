package io.tunelab.cli;

import io.tunelab.run.Progress;
import io.tunelab.run.RunEvent;
import java.io.PrintWriter;
import java.util.Locale;

/** Progress as plain lines, for logs and CI: each phase, the drain every 5 s, each result. */
final class LineProgress implements Progress {
  private static final long LIVE_EVERY_NANOS = 5_000_000_000L;

  private final PrintWriter out;
  private long lastLive;

  LineProgress(PrintWriter out) {
    this.out = out;
  }

  @Override
  public synchronized void phase(Position at, String phase) {
    out.println(prefix(at) + phase + eta(at));
    out.flush();
  }

  @Override
  public synchronized void live(Position at, int settled, int orders, double perMinute) {
    long now = System.nanoTime();
    if (now - lastLive >= LIVE_EVERY_NANOS) {
      lastLive = now;
      out.println(
          prefix(at)
              + String.format(
                  Locale.ROOT,
                  "%d/%d orders completed, %.0f orders/min",
                  settled,
                  orders,
                  perMinute));
      out.flush();
    }
  }

  @Override
  public synchronized void report(RunEvent event) {
    out.println(EventLines.of(event));
    out.flush();
  }

  static String prefix(Position at) {
    return String.format(
        Locale.ROOT,
        "[step %d/%d %s, rep %d/%d] ",
        at.stepNumber(),
        at.steps(),
        at.step(),
        at.repetition(),
        at.repeat());
  }

  static String eta(Position at) {
    if (at.etaSeconds() < 0) {
      return "";
    }
    return String.format(Locale.ROOT, " (ETA %d:%02d)", at.etaSeconds() / 60, at.etaSeconds() % 60);
  }
}
