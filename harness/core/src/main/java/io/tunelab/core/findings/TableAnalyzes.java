package io.tunelab.core.findings;

/**
 * Statistics PostgreSQL's autoanalyze gathered of one table over the measured window ({@code
 * pg_stat_user_tables.autoanalyze_count} delta).
 *
 * @param table the table name
 * @param autoanalyzes autoanalyzes that ended in the window
 */
public record TableAnalyzes(String table, long autoanalyzes) {}
