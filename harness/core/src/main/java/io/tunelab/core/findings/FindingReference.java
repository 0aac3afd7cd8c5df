package io.tunelab.core.findings;

import java.util.List;

/** The findings reference page, {@code docs/findings.md}, generated from the rules' own docs. */
public final class FindingReference {
  private FindingReference() {}

  /** The whole page as Markdown. */
  public static String markdown(List<FindingRule> rules) {
    StringBuilder page = new StringBuilder();
    page.append("# Findings\n\n")
        .append(
            "Generated from the rules (`harness/core/.../findings/*Rule.java`, and a plan room's")
        .append(" own in its\n`FindingSource`, each documenting the kinds it raises next to its")
        .append(" thresholds) by\n")
        .append("`./tunelab findings --markdown > docs/findings.md`; a test\n")
        .append("fails when this page is out of date.\n\n")
        .append(
            """
            Hints with numbers, derived from the measured window only; each names its evidence.
            run.json holds them per repetition (`findings`: `kind`, `subject`, `message`, `evidence`,
            `candidates`), summary.md lists each step's once per rule and subject, and report.html
            shows them with their evidence.

            A finding that names knobs to change also lists them as `candidates`, the most promising
            first, for an engineer or a tuner: `{"knob": "middleware.engine.threads", "move": "RAISE"}`
            (`RAISE` or `LOWER`: a number searched from the run's value, doubled or halved while that
            helps, then bisected) or `{"knob": "db.xrefIndex", "move": "SET", "values": ["on"]}` (each
            value tried in order). Candidates are the system's knobs only: what a finding says of the
            load (more client threads, a lower rate) or of a simulated back-end (a faster BRM) stays in
            its message. A candidate may name a knob the experiment's plan does not read (a
            statement-cache knob under a plan without that SQL); whoever tries it skips those.
            `report.html` shows them under each finding ("Try: ...").

            *reads*: the figures of the window's `RunData` (one store keyed by type) the rule reads;
            the observer, the runner or the plan puts them there.

            A new finding is its rule (its thresholds, `apply`, `reads` and `docs`), its constant in
            `FindingKind` (which names the rule) and this page (run.json's schema takes any kind by its
            shape); a figure no rule read before is its record and the line that puts it in `RunData`.
            A finding only one plan raises is a rule in that plan's room, listed by its `FindingSource`
            (the messaging server's queues are judged there, with what its dequeue threads hold).

            """)
        .append("| kind | rule | reads | when (thresholds) | says |\n")
        .append("| --- | --- | --- | --- | --- |\n");
    for (FindingRule rule : rules) {
      for (FindingDoc doc : rule.docs()) {
        page.append("| `")
            .append(doc.kind().name())
            .append("` | `")
            .append(rule.getClass().getSimpleName())
            .append("` | ")
            .append(reads(rule))
            .append(" | ")
            .append(doc.when())
            .append(" | ")
            .append(doc.says())
            .append(" |\n");
      }
    }
    return page.toString();
  }

  /** The figures a rule reads, as the types' names in code spans. */
  private static String reads(FindingRule rule) {
    return String.join(
        ", ", rule.reads().stream().map(type -> "`" + type.getSimpleName() + "`").toList());
  }
}
