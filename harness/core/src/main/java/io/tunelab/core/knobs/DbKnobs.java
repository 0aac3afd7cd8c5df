package io.tunelab.core.knobs;

import io.tunelab.core.Studies;

/** PostgreSQL server settings: a change restarts the server. */
public final class DbKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.DB, Knob.Apply.RESTART);

  /** PostgreSQL's synchronous_commit levels. */
  public enum SynchronousCommit implements KnobChoice {
    ON,
    OFF,
    LOCAL,
    REMOTE_WRITE,
    REMOTE_APPLY
  }

  /** Where the PostgreSQL binaries come from. */
  public enum Binaries implements KnobChoice {
    AUTO,
    SYSTEM,
    ZONKY
  }

  public static final Knob<Binaries> BINARIES =
      KNOBS
          .knob("db.binaries", KnobTypes.choice(Binaries.class), Binaries.AUTO)
          .doc(
              "PostgreSQL binaries: the system's (TUNELAB_PG_BIN, pg_config), zonky's from Maven"
                  + " Central, or auto (system if found)")
          .add();

  public static final Knob<Integer> MAX_CONNECTIONS =
      KNOBS
          .knob("db.server.max_connections", KnobTypes.integer(5, 10_000), 100)
          .unit("connections")
          .doc(
              "max_connections: sessions the server accepts; too few refuse connections under load")
          .study("AIA: ORA-12519, PROCESSES/SESSIONS")
          .add();

  public static final Knob<String> SHARED_BUFFERS =
      KNOBS
          .knob("db.server.shared_buffers", KnobTypes.size(), "128MB")
          .doc("shared_buffers: the server's page cache")
          .study("AIA: SGA / shared pool size")
          .add();

  public static final Knob<SynchronousCommit> SYNCHRONOUS_COMMIT =
      KNOBS
          .knob(
              "db.server.synchronous_commit",
              KnobTypes.choice(SynchronousCommit.class),
              SynchronousCommit.ON)
          .doc(
              "synchronous_commit: whether a commit waits for its WAL flush (off trades durability of"
                  + " the last commits for latency)")
          .study("AIA: log file sync waits")
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<String> MAX_WAL_SIZE =
      KNOBS
          .knob("db.server.max_wal_size", KnobTypes.size(), "1GB")
          .doc("max_wal_size: WAL volume between checkpoints")
          .study("AIA: redo log size")
          .add();

  public static final Knob<String> CHECKPOINT_TIMEOUT =
      KNOBS
          .knob("db.server.checkpoint_timeout", KnobTypes.duration(), "5min")
          .doc("checkpoint_timeout: time between automatic checkpoints")
          .study("AIA: checkpoints")
          .add();

  public static final Knob<Boolean> FSYNC =
      KNOBS
          .knob("db.server.fsync", KnobTypes.bool(), true)
          .doc(
              "fsync: whether the server forces writes to disk; off is unsafe and only shows the cost")
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<Integer> MAX_PREPARED_TRANSACTIONS =
      KNOBS
          .knob("db.server.max_prepared_transactions", KnobTypes.integer(0, 10_000), 0)
          .unit("transactions")
          .doc("max_prepared_transactions: two-phase commits in flight; XA needs it above 0")
          .study(Studies.TRANSACTIONS + ": XA vs non-XA datasource")
          .add();

  public static final Knob<String> SHARED_PRELOAD_LIBRARIES =
      KNOBS
          .knob("db.server.shared_preload_libraries", KnobTypes.text(), "pg_stat_statements")
          .doc("shared_preload_libraries: pg_stat_statements feeds the top-SQL view")
          .study("AIA: AWR top SQL")
          .add();

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private DbKnobs() {}
}
