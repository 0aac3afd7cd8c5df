package io.tunelab.core.findings;

import io.tunelab.core.knobs.DataKnobs;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * PostgreSQL's autoanalyze gathered statistics inside the measured window: the plans made after it
 * are not those made before, and its launcher, which visits a database once every {@code
 * autovacuum_naptime}, comes into some repetitions' windows and not others', so the repetitions are
 * not alike (the unindexed flow: the database's CPU per order 38 ms in a repetition it visited,
 * 72-77 ms in the two it did not). Only with {@code db.autoanalyze=on}: off keeps it off tunelab's
 * tables.
 */
final class AutoanalyzeRule implements FindingRule {
  @Override
  public List<Finding> apply(RunData data) {
    List<TableAnalyzes> analyzed =
        data.all(TableAnalyzes.class).stream()
            .filter(table -> table.autoanalyzes() > 0)
            .sorted(
                Comparator.comparingLong(TableAnalyzes::autoanalyzes)
                    .reversed()
                    .thenComparing(TableAnalyzes::table))
            .toList();
    if (analyzed.isEmpty()) {
      return List.of();
    }
    String tables =
        analyzed.stream()
            .map(table -> table.table() + " " + times(table.autoanalyzes()))
            .collect(Collectors.joining(", "));
    String message =
        String.format(
            "PostgreSQL's autoanalyze gathered statistics of %d %s inside the window (%s): plans"
                + " made before and after it differ, and its launcher comes every"
                + " autovacuum_naptime, into some repetitions' windows and not others', so they"
                + " are not alike; db.autoanalyze=off keeps the statistics the preparation left"
                + " (gather them with db.analyze=on)",
            analyzed.size(), analyzed.size() == 1 ? "table" : "tables", tables);
    List<String> evidence =
        analyzed.stream()
            .map(
                table ->
                    String.format(
                        "db-snapshot.json tables %s: autoanalyze_count +%d",
                        table.table(), table.autoanalyzes()))
            .toList();
    return List.of(
        new Finding(
            FindingKind.AUTOANALYZE_IN_WINDOW,
            analyzed.get(0).table(),
            message,
            evidence,
            List.of(Candidate.set(DataKnobs.AUTOANALYZE, false))));
  }

  private static String times(long count) {
    return count == 1 ? "once" : count + " times";
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TableAnalyzes.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.AUTOANALYZE_IN_WINDOW,
            "`autoanalyze_count` of any table rose in the window (only with"
                + " `db.autoanalyze=on`)",
            "the tables analyzed and how often; the repetitions its launcher visited and those it"
                + " did not are not alike: `db.autoanalyze=off`, with `db.analyze=on` for"
                + " statistics"));
  }
}
