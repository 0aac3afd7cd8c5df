package io.tunelab.core.findings;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.measure.DeadlineMisses;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Requests that missed their deadline (late or failed) over the step's limit {@code
 * workload.maxMissPercent}: the sort hub's parcels that go to the exception area. The runner judged
 * the run already (its verdict says DEADLINE MISSES); the finding adds where the database time went
 * and what the studies changed to answer in time.
 *
 * <p>Qualifies when the runner gave its deadline count, at least one request ran, and the share of
 * misses exceeds {@code workload.maxMissPercent}. The evidence names the {@value #SLOWEST}
 * statements with the highest mean execution time among those called at least {@value
 * #MIN_STATEMENT_CALLS} times in the window (a statement run once or twice is no part of the
 * requests' work).
 */
final class DeadlineMissRule implements FindingRule {
  static final int SLOWEST = 3;
  static final long MIN_STATEMENT_CALLS = 10;
  static final String SUBJECT = "deadline";

  private static final String FIX =
      "to answer in time: middleware.sort.sql=bind and middleware.sort.parseIn=middleware,"
          + " server-side prepared statements (middleware.jdbc.prepareThreshold and"
          + " middleware.jdbc.statementCacheQueries above 0), db.sequence.cache above 1, or a lower"
          + " workload.arrivalsPerMinute";

  /** As {@link #FIX} names them; a lower arrival rate is the load's, not the system's. */
  private static final List<Candidate> CANDIDATES =
      List.of(
          ParseHeavyRule.BIND_PREPARED,
          Candidate.set(MiddlewareKnobs.SORT_PARSE_IN, MiddlewareKnobs.ParseIn.MIDDLEWARE),
          Candidate.set(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1),
          Candidate.set(
              MiddlewareKnobs.JDBC_STATEMENT_CACHE,
              MiddlewareKnobs.JDBC_STATEMENT_CACHE.defaultValue()),
          Candidate.raise(DataKnobs.SEQUENCE_CACHE));

  @Override
  public List<Finding> apply(RunData data) {
    if (data.deadline().isEmpty()) {
      return List.of();
    }
    DeadlineMisses deadline = data.deadline().get();
    if (deadline.requests() == 0 || !deadline.overLimit()) {
      return List.of();
    }
    List<TopStatement> slowest = slowest(data.statements());
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            Locale.ROOT,
            "run.json deadline: %d requests, %d late, %d failed, %.2f%% missed,"
                + " workload.maxMissPercent %s%%",
            deadline.requests(),
            deadline.late(),
            deadline.failed(),
            deadline.missPercent(),
            percent(deadline.maxMissPercent())));
    for (TopStatement statement : slowest) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "db-snapshot.json statements: %.2f ms mean, %d calls, %.0f ms total: %s",
              statement.meanMillis(),
              statement.calls(),
              statement.totalMillis(),
              statement.shortQuery(300)));
    }
    return List.of(
        new Finding(
            FindingKind.DEADLINE_MISSES,
            SUBJECT,
            message(deadline, slowest),
            evidence,
            CANDIDATES));
  }

  /** The statements with the highest mean time, run often enough to be the requests' own. */
  static List<TopStatement> slowest(List<TopStatement> statements) {
    return statements.stream()
        .filter(s -> s.calls() >= MIN_STATEMENT_CALLS)
        .sorted(Comparator.comparingDouble(TopStatement::meanMillis).reversed())
        .limit(SLOWEST)
        .toList();
  }

  private static String message(DeadlineMisses deadline, List<TopStatement> slowest) {
    StringBuilder message =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s%% of %,d requests missed the %d ms deadline: %,d late, %,d failed"
                    + " (workload.maxMissPercent %s%%)",
                percent(deadline.missPercent()),
                deadline.requests(),
                deadline.deadlineMillis(),
                deadline.late(),
                deadline.failed(),
                percent(deadline.maxMissPercent())));
    if (!slowest.isEmpty()) {
      message.append("; slowest statements by mean time: ");
      for (int i = 0; i < slowest.size(); i++) {
        TopStatement s = slowest.get(i);
        message.append(i == 0 ? "" : ", ");
        message.append(
            String.format(
                Locale.ROOT, "%.2f ms x %,d (%s)", s.meanMillis(), s.calls(), s.shortQuery(60)));
      }
    }
    return message.append("; ").append(FIX).toString();
  }

  /** Up to two decimals, trailing zeros dropped (4.22, 1.5, 1): a share just over a limit of 1. */
  static String percent(double value) {
    return BigDecimal.valueOf(value)
        .setScale(2, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(DeadlineMisses.class, TopStatement.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.DEADLINE_MISSES,
            "sort-requests: late + failed requests (`deadline` in run.json, from the "
                + "runner) over `workload.maxMissPercent`, with at least one request",
            "the share and counts, the 3 statements with the highest mean time called "
                + "10+ times in the window (mean ms, calls); `middleware.sort.sql=bind`, "
                + "`middleware.sort.parseIn=middleware`, "
                + "`middleware.jdbc.statementCacheQueries` / `prepareThreshold` above 0, "
                + "`db.sequence.cache` above 1, or a lower `workload.arrivalsPerMinute`"));
  }
}
