package io.tunelab.run.observe;

import java.util.Map;

/**
 * PostgreSQL's cumulative statistics at one moment: the numeric columns of its statistics views,
 * per row. Counters only grow (until a stats reset), so two snapshots give a window's deltas.
 *
 * @param epochMillis when it was taken
 * @param views view name ({@code database}, {@code wal}, {@code bgwriter}, {@code checkpointer}) to
 *     column to value, for one-row views; {@code database} also holds {@code wal_position_bytes},
 *     the cluster's WAL insert position
 * @param tables table name to column to value ({@code pg_stat_user_tables})
 * @param indexes {@code table.index} to column to value ({@code pg_stat_user_indexes})
 * @param statements statement key to its row ({@code pg_stat_statements}), the observer's and the
 *     harness's own left out; empty when the extension is not loaded
 * @param ownCalls calls of the statements left out (the observer's and the harness's own)
 */
record PgSnapshot(
    long epochMillis,
    Map<String, Map<String, Double>> views,
    Map<String, Map<String, Double>> tables,
    Map<String, Map<String, Double>> indexes,
    Map<String, Statement> statements,
    double ownCalls) {

  /** One normalised statement and its counters ({@code calls}, {@code total_exec_time}, ...). */
  record Statement(String query, Map<String, Double> counters) {}
}
