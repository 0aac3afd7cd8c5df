package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Statements planned about as often as they run: the client sends literal SQL, or prepares no
 * server-side statements, so PostgreSQL parses and plans every execution (the studies' hard
 * parses). {@code pg_stat_statements} folds literals into one entry, so the rule counts plans
 * against calls, never entries.
 *
 * <p>Qualifies when, summed over the window's planned client statements ({@code SELECT}, {@code
 * INSERT}, {@code UPDATE}, {@code DELETE}, {@code MERGE}, {@code WITH}, {@code VALUES}: utility
 * statements such as {@code BEGIN} or {@code COMMIT} are never planned), there were at least
 * {@value #MIN_CALLS} calls, at least {@value #MIN_PLANS_PER_CALL} plans per call, and planning
 * took at least {@value #MIN_PLAN_SHARE_PERCENT}% of planning plus execution time. With {@code
 * pg_stat_statements.track_planning} off every {@code plans} is 0 and the rule says nothing.
 */
final class ParseHeavyRule implements FindingRule {
  static final long MIN_CALLS = 200;
  static final double MIN_PLANS_PER_CALL = 0.9;
  static final double MIN_PLAN_SHARE_PERCENT = 10;
  static final int LISTED = 3;

  private static final Pattern PLANNED =
      Pattern.compile(
          "^\\s*(select|insert|update|delete|merge|with|values)\\b", Pattern.CASE_INSENSITIVE);

  private static final String FIX =
      "bind parameters and prepare on the server: middleware.sort.sql=bind with"
          + " middleware.jdbc.prepareThreshold > 0 and middleware.jdbc.statementCacheQueries > 0"
          + " (if set so already, the server chose custom plans for each execution: see"
          + " plan_cache_mode)";

  /**
   * Bound parameters, prepared on the server from the first execution, their plans cached: bind
   * variables first, with what they need to save a plan (alone they save none, and the prepare
   * alone prepares each literal text once), then each of the others on its own.
   */
  static final Candidate BIND_PREPARED =
      Candidate.set(MiddlewareKnobs.SORT_SQL, MiddlewareKnobs.SortSql.BIND)
          .needing(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1)
          .needing(
              MiddlewareKnobs.JDBC_STATEMENT_CACHE,
              MiddlewareKnobs.JDBC_STATEMENT_CACHE.defaultValue());

  static final List<Candidate> PREPARED =
      List.of(
          BIND_PREPARED,
          Candidate.set(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1),
          Candidate.set(
              MiddlewareKnobs.JDBC_STATEMENT_CACHE,
              MiddlewareKnobs.JDBC_STATEMENT_CACHE.defaultValue()));

  @Override
  public List<Finding> apply(RunData data) {
    List<TopStatement> planned =
        data.statements().stream().filter(s -> PLANNED.matcher(s.query()).find()).toList();
    long calls = planned.stream().mapToLong(TopStatement::calls).sum();
    long plans = planned.stream().mapToLong(TopStatement::plans).sum();
    double planMillis = planned.stream().mapToDouble(TopStatement::totalPlanMillis).sum();
    double execMillis = planned.stream().mapToDouble(TopStatement::totalMillis).sum();
    if (calls < MIN_CALLS || plans < MIN_PLANS_PER_CALL * calls) {
      return List.of();
    }
    double planShare = 100.0 * planMillis / (planMillis + execMillis);
    if (planShare < MIN_PLAN_SHARE_PERCENT) {
      return List.of();
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            Locale.ROOT,
            "db-snapshot.json statements (%d planned kinds): %d plans for %d calls, %.0f ms"
                + " planning, %.0f ms execution",
            planned.size(),
            plans,
            calls,
            planMillis,
            execMillis));
    planned.stream()
        .sorted(Comparator.comparingLong(TopStatement::plans).reversed())
        .limit(LISTED)
        .forEach(
            s ->
                evidence.add(
                    String.format(
                        Locale.ROOT,
                        "db-snapshot.json statements: %d plans / %d calls, %.1f ms planning,"
                            + " %.1f ms execution: %s",
                        s.plans(),
                        s.calls(),
                        s.totalPlanMillis(),
                        s.totalMillis(),
                        s.shortQuery(300))));
    String message =
        String.format(
            Locale.ROOT,
            "statements were planned %.2f times per call (%,d plans for %,d calls) and planning"
                + " took %.0f%% of their time (%.0f ms planning, %.0f ms execution): literal SQL or"
                + " no server-side prepared statements, so every execution is parsed and planned;"
                + " %s",
            (double) plans / calls,
            plans,
            calls,
            planShare,
            planMillis,
            execMillis,
            FIX);
    return List.of(
        new Finding(FindingKind.PARSE_HEAVY, TierName.DB.label(), message, evidence, PREPARED));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TopStatement.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.PARSE_HEAVY,
            "over the top statements that are planned (`SELECT`, `INSERT`, `UPDATE`, "
                + "`DELETE`, `MERGE`, `WITH`, `VALUES`; `BEGIN`, `COMMIT` and other utility "
                + "statements are never planned), 200+ calls, plans at least 0.9 x calls, and "
                + "planning at least 10% of planning + execution time (`totalPlanMillis` vs "
                + "`totalMillis`); plans vs calls, never entries, as pg_stat_statements folds "
                + "literals into one entry; silent with `track_planning` off",
            "literal SQL or no server-side prepared statements: every execution parsed "
                + "and planned; `middleware.sort.sql=bind` with "
                + "`middleware.jdbc.prepareThreshold` > 0 and "
                + "`middleware.jdbc.statementCacheQueries` > 0; evidence: plans/calls, plan "
                + "vs execution ms, the 3 statements planned most"));
  }
}
