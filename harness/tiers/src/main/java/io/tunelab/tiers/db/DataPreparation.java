package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.KnobSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings the database to what a knob set asks for before a run: schema migrated, pass-through
 * settings checked against the server, seed data, xref index on or off, the id sequences' cache,
 * the sort tables' fillfactor, transactional rows purged (xref_data and sort_chute written again,
 * reindexed and vacuumed) with every table's statistics brought to one state, statistics gathered
 * and autoanalyze kept off the tables or let on, and with the purge a checkpoint, so every
 * repetition starts from the same pages, statistics and sequences with no write-back pending. Each
 * step is timed.
 */
public final class DataPreparation {
  private DataPreparation() {}

  /**
   * @param seed false to migrate only (an empty database, e.g. {@code stack up --no-seed})
   * @return milliseconds per step, in the order they ran
   * @throws BadInputException when a {@code db.server.*} knob names no PostgreSQL setting
   */
  public static Map<String, Long> prepare(Database database, KnobSet knobs, boolean seed) {
    Map<String, Long> millis = new LinkedHashMap<>();
    // The steps before the purge on one connection; the purge and what follows it on connections
    // of their own, closed after each, as before: a session reports its tables' activity counters
    // late (PostgreSQL 15 at most once a second, and at its exit), and a held one could report the
    // purge's after the reset that brings every repetition's statistics to one state.
    try (Jdbc.Held held = database.oneConnection()) {
      checkServerSettings(database, knobs);
      timed(millis, "migrate", database::migrate);
      if (seed) {
        timed(millis, "seed", () -> database.seed(knobs.get(DataKnobs.SEED_CUSTOMERS)));
      }
      timed(millis, "xrefIndex", () -> database.xrefIndex(knobs.get(DataKnobs.XREF_INDEX)));
      timed(millis, "autoanalyze", () -> database.autoanalyze(knobs.get(DataKnobs.AUTOANALYZE)));
      timed(
          millis,
          "sequenceCache",
          () -> database.sequenceCache(knobs.get(DataKnobs.SEQUENCE_CACHE)));
      timed(
          millis,
          "sortFillFactor",
          () -> database.sortFillFactor(knobs.get(DataKnobs.SORT_FILL_FACTOR)));
    }
    if (knobs.get(DataKnobs.PURGE)) {
      timed(millis, "purge", database::purge);
      timed(millis, "resetStatistics", database::resetStatistics);
    }
    if (knobs.get(DataKnobs.ANALYZE)) {
      timed(millis, "analyze", database::analyze);
    }
    if (knobs.get(DataKnobs.PURGE)) {
      timed(millis, "checkpoint", database::checkpoint);
    }
    return millis;
  }

  /**
   * PostgreSQL refuses unknown plain names at start, but accepts any dotted name as a custom
   * placeholder (a typo in {@code pg_stat_statements.track} would pass silently): ask the server.
   */
  static void checkServerSettings(Database database, KnobSet knobs) {
    List<String> unknown = database.unknownSettings(knobs.serverPassThrough().keySet());
    if (!unknown.isEmpty()) {
      throw new BadInputException(
          "not PostgreSQL settings of this server (absent from pg_settings): "
              + unknown.stream().map(name -> KnobRegistry.DB_SERVER_PREFIX + name).toList()
              + "; check the spelling (SELECT name FROM pg_settings lists them) and that the"
              + " extension defining them is in db.server.shared_preload_libraries");
    }
  }

  private static void timed(Map<String, Long> millis, String step, Runnable action) {
    long started = System.nanoTime();
    action.run();
    millis.put(step, (System.nanoTime() - started) / 1_000_000);
  }
}
