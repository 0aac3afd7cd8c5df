package io.tunelab.tiers.jmeter;

/**
 * When the load tier may end an open-model plan (an Open Model Thread Group whose schedule is
 * {@code pause(2 s) ... random_arrivals(durationSeconds) ... pause(responseTimeoutMillis)}): once
 * every arrival has started and no answer is outstanding, instead of after the whole trailing pause
 * (io.tunelab.load.IdleEnd). The trailing pause stays the limit for a slow answer.
 */
public final class OpenModelEnd {
  /** The property the load tier reads; a plan declares it so the property check lets it through. */
  public static final String PROPERTY = "tunelab.endWhenIdleAfterMillis";

  /** The pause before the first arrival, as the plans' schedules have it. */
  static final int LEAD_PAUSE_MILLIS = 2_000;

  /** Slack after the last scheduled arrival: the thread starter runs late on a busy machine. */
  static final int ARRIVALS_MARGIN_MILLIS = 1_000;

  private OpenModelEnd() {}

  /** The property's value for arrivals lasting {@code durationSeconds}. */
  public static String afterMillis(int durationSeconds) {
    return Long.toString(LEAD_PAUSE_MILLIS + 1000L * durationSeconds + ARRIVALS_MARGIN_MILLIS);
  }
}
