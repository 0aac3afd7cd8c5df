package io.tunelab.core.findings;

/**
 * One normalised statement over the measured window ({@code pg_stat_statements} deltas).
 *
 * @param query the statement text with placeholders, as PostgreSQL normalised it
 * @param calls executions
 * @param totalMillis summed execution time, milliseconds
 * @param rows rows returned or affected
 * @param sharedBlocksHit buffer hits
 * @param sharedBlocksRead blocks read from outside shared buffers
 */
public record TopStatement(
    String query,
    long calls,
    double totalMillis,
    long rows,
    long sharedBlocksHit,
    long sharedBlocksRead) {

  public double meanMillis() {
    return calls == 0 ? 0 : totalMillis / calls;
  }

  public double rowsPerCall() {
    return calls == 0 ? 0 : (double) rows / calls;
  }
}
