package io.tunelab.core.findings;

import io.tunelab.core.knobs.DataKnobs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A hot table read by sequential scans although its queries want few rows: an index on the
 * predicate's columns is missing (the studies' missing XREF_DATA index).
 *
 * <p>Qualifies when, over the measured window, a table had at least {@value #MIN_SEQ_SCANS}
 * sequential scans, each reading {@value #MIN_ROWS_PER_SCAN} rows or more on average, and either at
 * least {@value #MIN_SEQ_TO_INDEX_RATIO} times as many as its index scans, or, when the plan
 * changed during the run (the index scans outnumber them), scans that read at least {@value
 * #MIN_MIXED_ROWS_READ} rows and {@value #MIN_SEQ_TO_INDEX_RATIO} for every index scan: the scans
 * then did most of the table's work (a sort hub run whose cached plan, made while the table was
 * empty, scanned sort_read 16,296 times for 425 million rows beside 202,064 index scans: 0.25 ms a
 * statement instead of 0.007). The statement on it with the most total time must return at most
 * {@value #MAX_ROWS_PER_CALL} rows per call (a selective predicate); it is part of the evidence.
 */
final class SequentialScanRule implements FindingRule {
  static final long MIN_SEQ_SCANS = 50;
  static final double MIN_SEQ_TO_INDEX_RATIO = 10;
  static final double MIN_ROWS_PER_SCAN = 100;
  static final double MAX_ROWS_PER_CALL = 10;
  static final long MIN_MIXED_ROWS_READ = 1_000_000;

  @Override
  public List<Finding> apply(RunData data) {
    List<Finding> findings = new ArrayList<>();
    for (TableScans table : data.tables()) {
      if (table.seqScans() < MIN_SEQ_SCANS
          || table.rowsPerSeqScan() < MIN_ROWS_PER_SCAN
          || !(scansOutnumberIndex(table) || scansOutweighIndex(table))) {
        continue;
      }
      Optional<TopStatement> top = topStatementOn(table.table(), data.statements());
      if (top.isEmpty() || top.get().rowsPerCall() > MAX_ROWS_PER_CALL) {
        continue;
      }
      findings.add(finding(table, top.get()));
    }
    return findings;
  }

  private static boolean scansOutnumberIndex(TableScans table) {
    return table.seqScans() >= MIN_SEQ_TO_INDEX_RATIO * table.indexScans();
  }

  private static boolean scansOutweighIndex(TableScans table) {
    return table.seqTuplesRead() >= MIN_MIXED_ROWS_READ
        && table.seqTuplesRead() >= MIN_SEQ_TO_INDEX_RATIO * table.indexScans();
  }

  /** The statement naming the table with the most total time. */
  static Optional<TopStatement> topStatementOn(String table, List<TopStatement> statements) {
    Pattern name = Pattern.compile("\\b" + Pattern.quote(table.toLowerCase(Locale.ROOT)) + "\\b");
    return statements.stream()
        .filter(s -> name.matcher(s.query().toLowerCase(Locale.ROOT)).find())
        .max(Comparator.comparingDouble(TopStatement::totalMillis));
  }

  /**
   * The xref index is a knob; elsewhere the index may exist and the planner still scan, because its
   * statistics were taken while the table was small (e.g. ANALYZE right after the purge).
   */
  private static String fix(TableScans table) {
    if (missingXrefIndex(table)) {
      return "index the columns of its predicate (db.xrefIndex=true)";
    }
    if (isXref(table)) {
      return "its index is there (db.xrefIndex=true: xref_data has no other, and it was used), so"
          + " the planner chose the scans, from statistics taken while the table was small or a"
          + " plan cached then (ANALYZE it once it holds a run's rows)";
    }
    return "index the columns of its predicate, or, if they are indexed, the planner chose scans"
        + " from statistics taken while the table was small (ANALYZE it once it holds a run's"
        + " rows)";
  }

  private static boolean isXref(TableScans table) {
    return table.table().equalsIgnoreCase("xref_data");
  }

  /**
   * xref_data has no key: its only indexes are the knob's, so an index scan in the window says they
   * exist and proposing them again would be a trial wasted on the configuration in place.
   */
  private static boolean missingXrefIndex(TableScans table) {
    return isXref(table) && table.indexScans() == 0;
  }

  private static Finding finding(TableScans table, TopStatement top) {
    String message =
        String.format(
            "%s was read by %d sequential scans (%.0f rows each) and %d index scans%s, while its"
                + " busiest statement returns %.1f rows per call: %s",
            table.table(),
            table.seqScans(),
            table.rowsPerSeqScan(),
            table.indexScans(),
            scansOutnumberIndex(table)
                ? ""
                : " (the same statements ran both ways: the plan changed during the run)",
            top.rowsPerCall(),
            fix(table));
    List<String> evidence =
        List.of(
            String.format(
                "db-snapshot.json tables %s: seq_scan +%d, seq_tup_read +%d, idx_scan +%d,"
                    + " n_live_tup %d",
                table.table(),
                table.seqScans(),
                table.seqTuplesRead(),
                table.indexScans(),
                table.liveRows()),
            String.format(
                "db-snapshot.json statements: %d calls, %.0f ms total, %.2f ms mean, %d rows,"
                    + " %d blocks hit: %s",
                top.calls(),
                top.totalMillis(),
                top.meanMillis(),
                top.rows(),
                top.sharedBlocksHit(),
                oneLine(top.query())));
    List<Candidate> candidates =
        missingXrefIndex(table) ? List.of(Candidate.set(DataKnobs.XREF_INDEX, true)) : List.of();
    return new Finding(FindingKind.SEQUENTIAL_SCAN, table.table(), message, evidence, candidates);
  }

  private static String oneLine(String query) {
    String line = query.replaceAll("\\s+", " ").strip();
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TableScans.class, TopStatement.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.SEQUENTIAL_SCAN,
            "a table had 50+ sequential scans reading 100+ rows each, and either at "
                + "least 10 times its index scans or, when the plan changed during the run, "
                + "scans that read 1,000,000+ rows and 10+ per index scan (they did most of "
                + "the table's work), while its statement with the most time returns at most "
                + "10 rows per call",
            "index the predicate's columns (`db.xrefIndex=true` for `xref_data` without index"
                + " scans), with the statement; for a table whose columns are indexed (for"
                + " `xref_data`, index scans in the window), statistics taken while it was small"
                + " (ANALYZE after the purge) or a plan cached then make the planner scan, and"
                + " no knob is proposed"));
  }
}
