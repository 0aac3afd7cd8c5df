package io.tunelab.cli;

import io.tunelab.run.Progress;
import io.tunelab.run.RunEvent;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress on a terminal: one line rewritten in place (step, repetition, phase, live throughput,
 * ETA); results stay above it.
 */
final class LiveProgress implements Progress {
  private final PrintWriter out;
  private String phase = "";

  LiveProgress(PrintWriter out) {
    this.out = out;
  }

  @Override
  public synchronized void phase(Position at, String phase) {
    this.phase = phase;
    show(LineProgress.prefix(at) + phase + LineProgress.eta(at));
  }

  @Override
  public synchronized void live(Position at, int settled, int orders, double perMinute) {
    show(
        LineProgress.prefix(at)
            + phase
            + String.format(
                Locale.ROOT, ": %d/%d done, %.0f orders/min", settled, orders, perMinute)
            + LineProgress.eta(at));
  }

  @Override
  public synchronized void report(RunEvent event) {
    out.print("\r\033[2K");
    out.println(EventLines.of(event));
    out.flush();
  }

  private void show(String text) {
    out.print("\r\033[2K" + text);
    out.flush();
  }
}
