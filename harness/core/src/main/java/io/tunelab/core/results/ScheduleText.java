package io.tunelab.core.results;

import java.util.Locale;

/** How a schedule ended, in one sentence for summary.md and the CLI. */
public final class ScheduleText {
  private ScheduleText() {}

  public static String of(ScheduleOutcome s) {
    StringBuilder text = new StringBuilder();
    if (s.rounds() > 0) {
      text.append(s.rounds()).append(s.rounds() == 1 ? " round" : " rounds");
    } else {
      text.append("Measured");
    }
    text.append(String.format(Locale.ROOT, " in %.1f min", s.minutes()));
    if (s.stoppedBy() != null) {
      text.append("; stopped: ").append(s.stoppedBy());
    }
    if (s.worstMdePercent() != null) {
      text.append(
          String.format(
              Locale.ROOT,
              "; the comparisons' largest minimum detectable effect %.1f%%",
              s.worstMdePercent()));
      if (s.targetMdePercent() != null) {
        text.append(String.format(Locale.ROOT, " (target %.1f%%)", s.targetMdePercent()));
      }
    }
    if (s.rounds() > 0) {
      text.append(" (round order seed ").append(s.seed()).append(')');
    }
    return text.append('.').toString();
  }
}
