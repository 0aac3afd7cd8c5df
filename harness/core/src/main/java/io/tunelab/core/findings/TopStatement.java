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
 * @param plans times it was planned ({@code plans}); 0 when {@code
 *     pg_stat_statements.track_planning} is off
 * @param totalPlanMillis summed planning time ({@code total_plan_time}), milliseconds
 */
public record TopStatement(
    String query,
    long calls,
    double totalMillis,
    long rows,
    long sharedBlocksHit,
    long sharedBlocksRead,
    long plans,
    double totalPlanMillis) {

  /** A statement whose planning was not tracked. */
  public TopStatement(
      String query,
      long calls,
      double totalMillis,
      long rows,
      long sharedBlocksHit,
      long sharedBlocksRead) {
    this(query, calls, totalMillis, rows, sharedBlocksHit, sharedBlocksRead, 0, 0);
  }

  public double meanMillis() {
    return calls == 0 ? 0 : totalMillis / calls;
  }

  public double rowsPerCall() {
    return calls == 0 ? 0 : (double) rows / calls;
  }

  /** The text on one line, cut at {@code max} characters: for messages and evidence. */
  public String shortQuery(int max) {
    String line = query.replaceAll("\\s+", " ").strip();
    return line.length() > max ? line.substring(0, max) + "..." : line;
  }
}
