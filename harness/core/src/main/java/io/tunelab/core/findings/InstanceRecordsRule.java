package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs.AuditLevel;
import io.tunelab.core.knobs.MiddlewareKnobs.InstancePersistence;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The middleware's record of its own work taking most of the database's statement time: each
 * process instance's row, its dehydrated state (the order and every answer gathered so far,
 * rewritten at every stage), its audit trail and, for billing-care, the tracking row. The studies
 * cut exactly this (transient instances, production audit, tracking off) once the missing index no
 * longer hid it: on the order-to-bill flow with the xref index it was 61-79% of the statement time
 * (run 20261130-194612), and transient instances gained 25-33% in docs/studies.md.
 *
 * <p>Which flow wrote the records is read from the statements themselves: the order-to-bill
 * instance is started at intake ({@code intake_at}) and moved stage by stage, a billing-care
 * request's instance is written once ({@code started_at}) beside its tracking row. A run drives one
 * plan, so the knobs proposed are that flow's.
 */
final class InstanceRecordsRule implements FindingRule {
  /** Share of the top statements' execution time from which the records are the thing to cut. */
  static final double MIN_SHARE_PERCENT = 40;

  /** Share of the records' time in the audit trail from which its level is proposed too. */
  static final double MIN_AUDIT_SHARE_PERCENT = 10;

  private static final Pattern RECORDS =
      Pattern.compile(
          "\\b(process_instance|instance_state|audit_detail|request_tracking)\\b",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern AUDIT =
      Pattern.compile("\\baudit_detail\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern TRACKING =
      Pattern.compile("\\brequest_tracking\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern BILLING =
      Pattern.compile("\\b(request_tracking|started_at)\\b", Pattern.CASE_INSENSITIVE);

  @Override
  public List<Finding> apply(RunData data) {
    List<TopStatement> statements = data.statements();
    double total = statements.stream().mapToDouble(TopStatement::totalMillis).sum();
    List<TopStatement> records =
        statements.stream()
            .filter(s -> RECORDS.matcher(s.query()).find())
            .sorted(Comparator.comparingDouble(TopStatement::totalMillis).reversed())
            .toList();
    double recordsMillis = records.stream().mapToDouble(TopStatement::totalMillis).sum();
    if (total <= 0 || 100 * recordsMillis / total < MIN_SHARE_PERCENT) {
      return List.of();
    }
    double share = 100 * recordsMillis / total;
    double auditMillis = millis(records, AUDIT);
    boolean audit = 100 * auditMillis / recordsMillis >= MIN_AUDIT_SHARE_PERCENT;
    boolean billing = records.stream().anyMatch(s -> BILLING.matcher(s.query()).find());
    long calls = records.stream().mapToLong(TopStatement::calls).sum();
    long allCalls = statements.stream().mapToLong(TopStatement::calls).sum();

    List<Candidate> candidates = new ArrayList<>();
    List<String> remedies = new ArrayList<>();
    if (billing) {
      candidates.add(
          Candidate.set(
              MiddlewareKnobs.BILLING_INSTANCE_PERSISTENCE,
              InstancePersistence.FAULTED,
              InstancePersistence.OFF));
      remedies.add(
          "instances only for requests that fail (middleware.billing.instancePersistence=faulted)");
      if (audit) {
        candidates.add(
            Candidate.set(
                MiddlewareKnobs.BILLING_AUDIT_LEVEL, AuditLevel.PRODUCTION, AuditLevel.OFF));
        remedies.add("a shorter audit trail (middleware.billing.auditLevel=production)");
      }
      if (millis(records, TRACKING) > 0) {
        candidates.add(Candidate.set(MiddlewareKnobs.BILLING_TRACKING, false));
        remedies.add("no tracking row (middleware.billing.tracking=off)");
      }
    } else {
      candidates.add(
          Candidate.set(
              MiddlewareKnobs.INSTANCE_PERSISTENCE,
              InstancePersistence.FAULTED,
              InstancePersistence.OFF));
      remedies.add(
          "instances only for orders that fault (middleware.instance.persistence=faulted)");
      if (audit) {
        candidates.add(
            Candidate.set(MiddlewareKnobs.AUDIT_LEVEL, AuditLevel.PRODUCTION, AuditLevel.OFF));
        remedies.add("a shorter audit trail (middleware.audit.level=production)");
      }
    }
    String message =
        String.format(
            Locale.ROOT,
            "the middleware's record of its %s (instance rows, dehydrated state, audit trail%s)"
                + " took %.0f%% of the database's statement time (%.0f of %.0f ms, %d of %d"
                + " statements): try %s",
            billing ? "requests" : "orders",
            billing ? ", tracking" : "",
            share,
            recordsMillis,
            total,
            calls,
            allCalls,
            String.join(", or ", remedies));
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            Locale.ROOT,
            "db-snapshot.json topStatements: %.0f of %.0f ms in statements on process_instance,"
                + " instance_state, audit_detail, request_tracking",
            recordsMillis,
            total));
    for (TopStatement statement : records.subList(0, Math.min(3, records.size()))) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "db-snapshot.json topStatements: %.0f ms in %d calls of %s",
              statement.totalMillis(),
              statement.calls(),
              statement.shortQuery(80)));
    }
    return List.of(
        new Finding(
            FindingKind.INSTANCE_RECORDS, TierName.DB.label(), message, evidence, candidates));
  }

  private static double millis(List<TopStatement> statements, Pattern on) {
    return statements.stream()
        .filter(s -> on.matcher(s.query()).find())
        .mapToDouble(TopStatement::totalMillis)
        .sum();
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TopStatement.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.INSTANCE_RECORDS,
            "statements on `process_instance`, `instance_state`, `audit_detail` and"
                + " `request_tracking` took at least 40% of the top statements' execution time",
            "the records' share, their three costliest statements;"
                + " `middleware.instance.persistence=faulted` (billing-care:"
                + " `middleware.billing.instancePersistence=faulted`), the audit level at"
                + " `production` when the trail is 10% or more of that time, billing-care's"
                + " `middleware.billing.tracking=off`"));
  }
}
