package io.tunelab.core.findings;

import io.tunelab.core.knobs.DataKnobs;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tables of some size the planner knows nothing about: no column statistics ({@code pg_stats} empty
 * for them), because nothing analyzed them since they were made (ANALYZE when {@code
 * db.analyze=on}; autoanalyze is kept off tunelab's tables by {@code db.autoanalyze=off}). The
 * planner then guesses every predicate's and join's selectivity: 1,000 seeded customers without
 * statistics held the order-to-bill flow near 100 orders/min where it ran at 600 and more with
 * them. A table no sequential scan read in the window is left out: read by no statement (the audit
 * trail the middleware only appends to), no plan read it, so no guess cost anything; read only
 * through its indexes (the delivery table by its key, 2,930 index scans in a window of the
 * order-to-bill flow), the planner took what statistics would have made it take. ANALYZE of either
 * would only add work.
 */
final class NoStatisticsRule implements FindingRule {
  /** Fewer rows than this, and guessed plans cost little: not worth a finding. */
  static final long MIN_ROWS = 1000;

  @Override
  public List<Finding> apply(RunData data) {
    Set<String> unscanned =
        data.tables().stream()
            .filter(scans -> scans.seqScans() == 0)
            .map(TableScans::table)
            .collect(Collectors.toSet());
    List<TableStatistics> blind =
        data.all(TableStatistics.class).stream()
            .filter(table -> table.statisticsColumns() == 0 && table.liveRows() >= MIN_ROWS)
            .filter(table -> !unscanned.contains(table.table()))
            .sorted(
                Comparator.comparingLong(TableStatistics::liveRows)
                    .reversed()
                    .thenComparing(TableStatistics::table))
            .toList();
    if (blind.isEmpty()) {
      return List.of();
    }
    String tables =
        blind.stream()
            .map(
                table ->
                    String.format(Locale.ROOT, "%s (%,d rows)", table.table(), table.liveRows()))
            .collect(Collectors.joining(", "));
    String message =
        String.format(
            "the planner had no statistics of %d %s (%s): nothing analyzed them since they were"
                + " filled, so it guesses every predicate's and join's selectivity; db.analyze=on"
                + " gathers them before each repetition, db.autoanalyze=on as tables fill during"
                + " the window",
            blind.size(), blind.size() == 1 ? "table" : "tables", tables);
    List<String> evidence =
        blind.stream()
            .map(
                table ->
                    String.format(
                        "db-snapshot.json tables %s: n_live_tup %d, statistics_columns 0",
                        table.table(), table.liveRows()))
            .toList();
    return List.of(
        new Finding(
            FindingKind.NO_STATISTICS,
            blind.get(0).table(),
            message,
            evidence,
            List.of(
                Candidate.set(DataKnobs.ANALYZE, true),
                Candidate.set(DataKnobs.AUTOANALYZE, true))));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TableStatistics.class, TableScans.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.NO_STATISTICS,
            "a tunelab table with 1,000+ live rows that a sequential scan read in the window"
                + " (or that no observation of scans covers) has no column statistics in"
                + " `pg_stats` at the window's end",
            "the tables and their rows; `db.analyze=on` gathers statistics before each"
                + " repetition, `db.autoanalyze=on` as tables fill during the window"));
  }
}
