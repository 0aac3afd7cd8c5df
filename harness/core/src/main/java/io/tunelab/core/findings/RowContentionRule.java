package io.tunelab.core.findings;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Active database sessions queueing for the same rows or blocks: waiting for the transaction that
 * holds a row lock ({@code Lock:transactionid}, {@code Lock:tuple}) or for a buffer's content lock
 * while another session changes the block ({@code LWLock:BufferContent}). The sort hub's hot
 * counter rows, updated by every request, are the studies' case: spreading the rows over more
 * blocks, fewer sessions updating them, or shorter transactions is what to change.
 *
 * <p>Qualifies when, over the measured window, at least {@value #MIN_ACTIVE_SAMPLES} active client
 * sessions were sampled and at least {@value #MIN_SHARE_PERCENT}% of them waited on one of {@link
 * #HOT_EVENTS}. The subject is the table most of those waits named (the relation of the lock waited
 * for, else the table the waiting statement writes or reads); {@code db} when none was named.
 */
final class RowContentionRule implements FindingRule {
  static final long MIN_ACTIVE_SAMPLES = 20;
  static final double MIN_SHARE_PERCENT = 20;

  /**
   * Row-lock and buffer-content waits. PostgreSQL 13 renamed the LWLock events to CamelCase ({@code
   * buffer_content} before); both are listed so older servers count too.
   */
  static final Set<String> HOT_EVENTS =
      Set.of("Lock:transactionid", "Lock:tuple", "LWLock:BufferContent", "LWLock:buffer_content");

  private static final String FIX =
      "spread the hot rows over more blocks (db.sort.fillFactor below 100 for the sort tables),"
          + " let fewer sessions update the same rows (fewer middleware.sort.serverThreads or"
          + " middleware.jdbc.poolSize), or keep the transactions that update them short";

  @Override
  public List<Finding> apply(RunData data) {
    WaitProfile waits = data.waits();
    if (waits.activeSamples() < MIN_ACTIVE_SAMPLES) {
      return List.of();
    }
    long hot = 0;
    List<String> evidence = new ArrayList<>();
    List<String> events = new ArrayList<>();
    for (Map.Entry<String, Long> event : sorted(waits.byEvent())) {
      if (HOT_EVENTS.contains(event.getKey())) {
        hot += event.getValue();
        events.add(event.getKey());
        evidence.add(String.format("ash.csv %s: %d samples", event.getKey(), event.getValue()));
      }
    }
    double share = 100.0 * hot / waits.activeSamples();
    if (share < MIN_SHARE_PERCENT) {
      return List.of();
    }
    evidence.add(0, "ash.csv active client sessions: " + waits.activeSamples() + " samples");
    List<Map.Entry<String, Long>> tables = sorted(tables(waits));
    tables.forEach(
        t ->
            evidence.add(
                String.format("ash.csv relation %s: %d samples", t.getKey(), t.getValue())));
    String message =
        String.format(
            Locale.ROOT,
            "%.0f%% of active database sessions waited on row locks or buffer content (%d of %d"
                + " samples: %s) %s: hot rows; %s",
            share,
            hot,
            waits.activeSamples(),
            String.join(", ", events),
            named(tables, hot),
            FIX);
    String subject = tables.isEmpty() ? TierName.DB.label() : tables.get(0).getKey();
    return List.of(
        new Finding(
            FindingKind.ROW_CONTENTION,
            subject,
            message,
            evidence,
            List.of(
                Candidate.lower(DataKnobs.SORT_FILL_FACTOR),
                Candidate.lower(MiddlewareKnobs.SORT_SERVER_THREADS),
                Candidate.lower(MiddlewareKnobs.JDBC_POOL_SIZE))));
  }

  /** Samples of the hot events per table. */
  private static Map<String, Long> tables(WaitProfile waits) {
    Map<String, Long> tables = new LinkedHashMap<>();
    waits
        .byEventAndRelation()
        .forEach(
            (event, relations) -> {
              if (HOT_EVENTS.contains(event)) {
                relations.forEach((table, samples) -> tables.merge(table, samples, Long::sum));
              }
            });
    return tables;
  }

  private static String named(List<Map.Entry<String, Long>> tables, long hot) {
    if (tables.isEmpty()) {
      return "on tables the samples did not name";
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Long> table : tables) {
      parts.add(
          String.format(Locale.ROOT, "%s %.0f%%", table.getKey(), 100.0 * table.getValue() / hot));
    }
    return "on " + String.join(", ", parts) + " of those waits";
  }

  /** Most samples first, then by name, so the text is the same for the same counts. */
  private static List<Map.Entry<String, Long>> sorted(Map<String, Long> counts) {
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .toList();
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(WaitProfile.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.ROW_CONTENTION,
            "20+ active client sessions sampled and at least 20% waited on a row lock "
                + "or a buffer's content (`Lock:transactionid`, `Lock:tuple`, "
                + "`LWLock:BufferContent`; `LWLock:buffer_content` before PostgreSQL 13)",
            "hot rows: the tables those waits named (`ash.csv` `relation`, share of the "
                + "waits each; subject: the most named, `db` when none) and the events; "
                + "spread the hot rows over more blocks (`db.sort.fillFactor` below 100 for "
                + "the sort tables), fewer sessions updating the same rows "
                + "(`middleware.sort.serverThreads`, `middleware.jdbc.poolSize`), shorter "
                + "transactions"));
  }
}
