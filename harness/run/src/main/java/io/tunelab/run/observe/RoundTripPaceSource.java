package io.tunelab.run.observe;

import io.tunelab.core.measure.RoundTripPace;

/**
 * The kernel's pace each sample: the CPU microseconds of one {@link RoundTripPace} round trip on
 * the observer's side, the least of {@link #RUNS} runs of {@link #TRIPS} trips divided by {@link
 * #TRIPS}, as series {@code host.roundTripPace}, label {@code controller}. Its echoing thread is
 * started once per JVM, at the first sample.
 */
final class RoundTripPaceSource implements Source {
  static final String SERIES = "host.roundTripPace";
  static final String LABEL = "controller";

  /** Runs per sample. */
  static final int RUNS = 3;

  /** Round trips per run: about 0.5 ms of the observer's CPU a run here (10 us a trip). */
  static final int TRIPS = 50;

  /** One pair of pipes for the JVM: every observer goes on through them. */
  private static RoundTripPace pace;

  @Override
  public String name() {
    return "roundTrip";
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    RoundTripPace trips = pace();
    LeastCpuTime.micros(RUNS, () -> trips.trips(TRIPS))
        .ifPresent(micros -> store.add(epochMillis, SERIES, LABEL, micros / TRIPS));
  }

  private static synchronized RoundTripPace pace() {
    if (pace == null) {
      pace = new RoundTripPace("tunelab-round-trip-echo");
    }
    return pace;
  }
}
