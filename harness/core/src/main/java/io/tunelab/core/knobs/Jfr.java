package io.tunelab.core.knobs;

/**
 * The JDK Flight Recorder's settings a tier's JVM is recorded with at each repetition: none; its
 * collections only ({@code gc}, the GC log's place: events at each collection, nothing sampled); or
 * the JDK's own {@code default} (about 1% overhead) or {@code profile} (more samples, lower
 * thresholds).
 */
public enum Jfr implements KnobChoice {
  OFF,
  GC,
  DEFAULT,
  PROFILE
}
