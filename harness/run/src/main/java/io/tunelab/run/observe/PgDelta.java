package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.findings.TableAnalyzes;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.findings.TableStatistics;
import io.tunelab.core.findings.TopStatement;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What PostgreSQL did between two snapshots: counters as deltas, gauges (live rows, backends) as
 * their value at the end. Written as {@code db-snapshot.json}.
 */
final class PgDelta {
  /** How many statements {@code db-snapshot.json} lists, by total time. */
  static final int TOP_STATEMENTS = 25;

  /** Columns that are a level now, not a count since the start. */
  private static final Set<String> GAUGES =
      Set.of(
          "numbackends",
          "n_live_tup",
          "n_dead_tup",
          "n_mod_since_analyze",
          "n_ins_since_vacuum",
          "vacuum_count",
          "autovacuum_count",
          "analyze_count",
          "autoanalyze_count",
          "statistics_columns");

  private final PgSnapshot start;
  private final PgSnapshot end;

  PgDelta(PgSnapshot start, PgSnapshot end) {
    this.start = start;
    this.end = end;
  }

  static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
    Map<String, Double> delta = new LinkedHashMap<>();
    after.forEach(
        (column, value) ->
            delta.put(
                column,
                GAUGES.contains(column) ? value : value - before.getOrDefault(column, 0.0)));
    return delta;
  }

  private Map<String, Map<String, Double>> rows(
      Map<String, Map<String, Double>> before, Map<String, Map<String, Double>> after) {
    Map<String, Map<String, Double>> rows = new LinkedHashMap<>();
    after.forEach(
        (key, values) -> rows.put(key, delta(before.getOrDefault(key, Map.of()), values)));
    return rows;
  }

  /** Scans per table over the window. */
  List<TableScans> tables() {
    return rows(start.tables(), end.tables()).entrySet().stream()
        .map(
            row ->
                new TableScans(
                    row.getKey(),
                    count(row.getValue(), "seq_scan"),
                    count(row.getValue(), "seq_tup_read"),
                    count(row.getValue(), "idx_scan"),
                    count(row.getValue(), "n_live_tup")))
        .toList();
  }

  /** Autoanalyzes per table over the window. */
  List<TableAnalyzes> analyzes() {
    return rows(start.tables(), end.tables()).entrySet().stream()
        .map(row -> new TableAnalyzes(row.getKey(), count(row.getValue(), "autoanalyze_count")))
        .toList();
  }

  /** Each table's rows and whether the planner had its column statistics, at the window's end. */
  List<TableStatistics> statistics() {
    return rows(start.tables(), end.tables()).entrySet().stream()
        .map(
            row ->
                new TableStatistics(
                    row.getKey(),
                    count(row.getValue(), "n_live_tup"),
                    count(row.getValue(), "statistics_columns")))
        .toList();
  }

  /**
   * WAL the cluster wrote in the window, bytes: the advance of its insert position (exact at each
   * snapshot), else pg_stat_wal's {@code wal_bytes}; empty when neither was read.
   */
  OptionalDouble walBytes() {
    OptionalDouble position = counter("database", "wal_position_bytes");
    return position.isPresent() ? position : counter("wal", "wal_bytes");
  }

  /**
   * Top-level statements run in the window: the calls of every statement but the observer's and the
   * harness's own, not only the top ones. Statements run inside a function or procedure ({@code
   * pg_stat_statements.track=all}) are left out, so this counts what clients sent; empty without
   * pg_stat_statements.
   */
  OptionalDouble statementCalls() {
    if (end.statements().isEmpty()) {
      return OptionalDouble.empty();
    }
    double calls = 0;
    for (Map.Entry<String, PgSnapshot.Statement> entry : end.statements().entrySet()) {
      if (entry.getKey().endsWith("/true")) {
        calls += Math.max(0, delta(entry.getKey(), entry.getValue()).calls());
      }
    }
    return OptionalDouble.of(calls);
  }

  /**
   * Transactions committed in this database in the window ({@code xact_commit}), less one per
   * statement of the observer and the harness: each runs in a transaction of its own. Sessions
   * flush this counter late (up to 1 s when busy, 10 s when idle), so it is close, not exact.
   */
  OptionalDouble commits() {
    OptionalDouble commits = counter("database", "xact_commit");
    if (commits.isEmpty()) {
      return commits;
    }
    double own = Math.max(0, end.ownCalls() - start.ownCalls());
    return OptionalDouble.of(Math.max(0, commits.getAsDouble() - own));
  }

  /** A one-row view's counter over the window; empty when either snapshot lacks it. */
  private OptionalDouble counter(String view, String column) {
    Double after = end.views().getOrDefault(view, Map.of()).get(column);
    Double before = start.views().getOrDefault(view, Map.of()).get(column);
    return after == null || before == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(after - before);
  }

  /** The statements with the most execution time in the window, most first. */
  List<TopStatement> statements() {
    return ranked().stream().map(Ranked::statement).toList();
  }

  /** A statement with its {@code queryid} (which {@code ash.csv} names too). */
  private record Ranked(String queryId, TopStatement statement) {}

  private List<Ranked> ranked() {
    return end.statements().entrySet().stream()
        .map(
            entry ->
                new Ranked(entry.getKey().split("/")[0], delta(entry.getKey(), entry.getValue())))
        .filter(ranked -> ranked.statement().calls() > 0)
        .sorted(Comparator.comparingDouble((Ranked r) -> r.statement().totalMillis()).reversed())
        .limit(TOP_STATEMENTS)
        .toList();
  }

  private TopStatement delta(String key, PgSnapshot.Statement after) {
    PgSnapshot.Statement before = start.statements().get(key);
    Map<String, Double> d = delta(before == null ? Map.of() : before.counters(), after.counters());
    return new TopStatement(
        after.query(),
        count(d, "calls"),
        d.getOrDefault("total_exec_time", 0.0),
        count(d, "rows"),
        count(d, "shared_blks_hit"),
        count(d, "shared_blks_read"),
        count(d, "plans"),
        d.getOrDefault("total_plan_time", 0.0));
  }

  private static long count(Map<String, Double> row, String column) {
    return Math.round(row.getOrDefault(column, 0.0));
  }

  /** {@code db-snapshot.json}. */
  ObjectNode json(ObjectMapper mapper, int maxConnections, int peakConnections) {
    ObjectNode root = mapper.createObjectNode();
    root.put("fromMillis", start.epochMillis());
    root.put("toMillis", end.epochMillis());
    root.put("maxConnections", maxConnections);
    root.put("peakClientConnections", peakConnections);
    root.put("statementsRecorded", !end.statements().isEmpty());
    end.views()
        .forEach(
            (view, values) ->
                root.set(
                    view,
                    mapper.valueToTree(delta(start.views().getOrDefault(view, Map.of()), values))));
    ObjectNode tables = root.putObject("tables");
    rows(start.tables(), end.tables()).forEach((t, v) -> tables.set(t, mapper.valueToTree(v)));
    ObjectNode indexes = root.putObject("indexes");
    rows(start.indexes(), end.indexes()).forEach((i, v) -> indexes.set(i, mapper.valueToTree(v)));
    ArrayNode top = root.putArray("topStatements");
    for (Ranked ranked : ranked()) {
      TopStatement statement = ranked.statement();
      ObjectNode node = top.addObject();
      node.put("queryId", ranked.queryId());
      node.put("query", statement.query());
      node.put("calls", statement.calls());
      node.put("totalMillis", statement.totalMillis());
      node.put("meanMillis", statement.meanMillis());
      node.put("rows", statement.rows());
      node.put("sharedBlocksHit", statement.sharedBlocksHit());
      node.put("sharedBlocksRead", statement.sharedBlocksRead());
      node.put("plans", statement.plans());
      node.put("totalPlanMillis", statement.totalPlanMillis());
    }
    return root;
  }
}
