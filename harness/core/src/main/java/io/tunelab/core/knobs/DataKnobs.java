package io.tunelab.core.knobs;

import io.tunelab.core.Studies;

/** Database content, applied before each run: seed data, indexes, purge, statistics. */
public final class DataKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.DATA, Knob.Apply.PER_RUN);

  public static final Knob<Integer> SEED_CUSTOMERS =
      KNOBS
          .knob("db.seed.customers", KnobTypes.integer(1, 1_000_000), 1000)
          .unit("customers")
          .doc("customers seeded (with accounts and xref rows), deterministically")
          .study("AIA: 1,000 customers")
          .add();

  public static final Knob<Boolean> XREF_INDEX =
      KNOBS
          .knob("db.xrefIndex", KnobTypes.bool(), false)
          .doc("the xref_data lookup indexes (table, column, row number / value)")
          .study(Studies.AIA_XREF)
          .add();

  public static final Knob<Integer> SEQUENCE_CACHE =
      KNOBS
          .knob("db.sequence.cache", KnobTypes.integer(1, 1_000_000), 1)
          .unit("values")
          .doc(
              "CACHE of the id sequences (message_id_seq, sort_parcel's and sort_scan's): values"
                  + " each session takes at once;"
                  + " PostgreSQL already writes a sequence to WAL only every 32 values, so expect"
                  + " less than the studied database's gain")
          .study("messaging: sequence cache 50,000-100,000; sort hub: sequence caching")
          .add();

  public static final Knob<Integer> SORT_FILL_FACTOR =
      KNOBS
          .knob("db.sort.fillFactor", KnobTypes.integer(10, 100), 100)
          .unit("percent")
          .doc(
              "fillfactor of the sort hub's updated tables (sort_parcel, sort_read, sort_chute):"
                  + " room left in each page, so that an update can stay on its page (a HOT"
                  + " update, no index entry) and the hot rows spread over more pages")
          .study(Studies.SORT + ", spreading hot blocks")
          .add();

  public static final Knob<Boolean> PURGE =
      KNOBS
          .knob("db.purge", KnobTypes.bool(), true)
          .doc(
              "delete transactional rows and waiting broker messages before a run, keep setup rows")
          .study(Studies.AIA_DB)
          .add();

  public static final Knob<Boolean> ANALYZE =
      KNOBS
          .knob("db.analyze", KnobTypes.bool(), false)
          .doc("gather planner statistics (ANALYZE) before a run")
          .study("AIA: DBMS_STATS before each run")
          .add();

  public static final Knob<Boolean> AUTOANALYZE =
      KNOBS
          .knob("db.autoanalyze", KnobTypes.bool(), false)
          .doc(
              "let PostgreSQL's autoanalyze gather statistics of tunelab's tables during a run;"
                  + " off sets autovacuum_analyze_threshold to its maximum on each table, so a"
                  + " repetition keeps the statistics db.analyze left it (none when off): on, the"
                  + " autovacuum launcher visits every autovacuum_naptime (60 s), inside some"
                  + " windows of seconds and not others, and the plans change with it")
          .study("AIA: DBMS_STATS before each run")
          .add();

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private DataKnobs() {}
}
