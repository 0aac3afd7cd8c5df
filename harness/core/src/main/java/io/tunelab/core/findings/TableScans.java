package io.tunelab.core.findings;

/**
 * Scans of one table over the measured window ({@code pg_stat_user_tables} deltas).
 *
 * @param table the table name
 * @param seqScans sequential scans started
 * @param seqTuplesRead rows those scans read
 * @param indexScans index scans started
 * @param liveRows rows in the table at the end (an estimate, {@code n_live_tup})
 */
public record TableScans(
    String table, long seqScans, long seqTuplesRead, long indexScans, long liveRows) {

  /** Rows one sequential scan read on average; 0 without scans. */
  public double rowsPerSeqScan() {
    return seqScans == 0 ? 0 : (double) seqTuplesRead / seqScans;
  }
}
