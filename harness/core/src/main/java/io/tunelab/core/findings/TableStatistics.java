package io.tunelab.core.findings;

/**
 * Whether the planner had column statistics of one table at the window's end ({@code pg_stats}
 * rows, which ANALYZE writes and a TRUNCATE leaves), beside how many rows it held.
 *
 * @param table the table name
 * @param liveRows {@code pg_stat_user_tables.n_live_tup} at the window's end
 * @param statisticsColumns columns of the table with statistics in {@code pg_stats}
 */
public record TableStatistics(String table, long liveRows, long statisticsColumns) {}
