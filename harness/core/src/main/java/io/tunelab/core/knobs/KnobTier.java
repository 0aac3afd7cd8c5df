package io.tunelab.core.knobs;

/** The tier a knob reaches. */
public enum KnobTier {
  /** PostgreSQL server settings: a change restarts the server. */
  DB,
  /** Database content: indexes, seed data, purge, statistics. */
  DATA,
  BROKER,
  MOCKS,
  MIDDLEWARE,
  /** The load generator (JMeter) and its workload. */
  LOAD;

  /** Lower-case name, as in knob names and docs. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
