package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.TierName;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The database cuts the devices' messages apart: the sort hub's PL/pgSQL parse functions ({@code
 * sort_parse_header}, {@code sort_parse_reads}, {@code middleware.sort.parseIn=database}) take a
 * large share of its statement time, work any middleware instance could do beside it (the study's
 * step "parse in the middle tier", which moved its PL/SQL parsing to Java). With bind variables and
 * the statement cache in place nothing else proposes it: in the tuned hub at 14,000 requests/min
 * the two calls were 31.5% of the top statements' time (1,742 of 5,536 ms in a window, run
 * 20261201-015426-hub-tuned-vs-study), and the study ladder's end, parsing in the middleware, spent
 * 3.0 ms of database CPU per request against the tuned 3.5.
 *
 * <p>Qualifies when the window's statements calling a {@code sort_parse_} function took at least
 * {@value #MIN_SHARE_PERCENT}% of the top statements' execution time, over {@value #MIN_CALLS}
 * calls or more.
 */
final class DatabaseParsingRule implements FindingRule {
  static final double MIN_SHARE_PERCENT = 15;
  static final long MIN_CALLS = 100;

  private static final Pattern PARSE_CALL =
      Pattern.compile("\\bsort_parse_\\w+\\s*\\(", Pattern.CASE_INSENSITIVE);

  @Override
  public List<Finding> apply(RunData data) {
    double total = data.statements().stream().mapToDouble(TopStatement::totalMillis).sum();
    List<TopStatement> parsing =
        data.statements().stream()
            .filter(s -> PARSE_CALL.matcher(s.query()).find())
            .sorted(Comparator.comparingDouble(TopStatement::totalMillis).reversed())
            .toList();
    double millis = parsing.stream().mapToDouble(TopStatement::totalMillis).sum();
    long calls = parsing.stream().mapToLong(TopStatement::calls).sum();
    if (total <= 0 || calls < MIN_CALLS || 100 * millis / total < MIN_SHARE_PERCENT) {
      return List.of();
    }
    double share = 100 * millis / total;
    String message =
        String.format(
            Locale.ROOT,
            "the database parsed the devices' messages: its parse functions took %.1f%% of the"
                + " statements' time (%.0f of %.0f ms, %d calls), work the middleware can do"
                + " beside it: middleware.sort.parseIn=middleware",
            share,
            millis,
            total,
            calls);
    List<String> evidence =
        parsing.stream()
            .map(
                s ->
                    String.format(
                        Locale.ROOT,
                        "db-snapshot.json statements: %d calls, %.0f ms total, %.3f ms mean: %s",
                        s.calls(),
                        s.totalMillis(),
                        s.meanMillis(),
                        s.query().replaceAll("\\s+", " ").strip()))
            .toList();
    return List.of(
        new Finding(
            FindingKind.DATABASE_PARSING,
            TierName.DB.label(),
            message,
            evidence,
            List.of(
                Candidate.set(MiddlewareKnobs.SORT_PARSE_IN, MiddlewareKnobs.ParseIn.MIDDLEWARE))));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TopStatement.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.DATABASE_PARSING,
            "the sort hub's statements calling its PL/pgSQL parse functions (`sort_parse_header`,"
                + " `sort_parse_reads`) took 15%+ of the top statements' execution time, over 100+"
                + " calls",
            "their share, time and calls, each statement as evidence; `middleware.sort.parseIn="
                + "middleware` parses in the middle tier"));
  }
}
