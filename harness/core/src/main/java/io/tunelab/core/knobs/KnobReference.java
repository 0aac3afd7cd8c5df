package io.tunelab.core.knobs;

import java.util.List;

/** The knob reference page, {@code docs/knobs.md}, generated from the registry. */
public final class KnobReference {
  private KnobReference() {}

  /** The whole page as Markdown. */
  public static String markdown(List<Knob<?>> knobs, List<KnobRule> rules) {
    StringBuilder page = new StringBuilder();
    page.append("# Knob reference\n\n")
        .append(
            "Generated from the knob registry (a file per tier, e.g. `harness/core/.../knobs/DbKnobs.java`,\n")
        .append(
            "and in a plan's room the knobs only that plan reads, a `KnobSource`; each listed with\n")
        .append("its tier) by\n")
        .append("`./tunelab knobs --markdown > docs/knobs.md`; a test fails when this page is\n")
        .append("out of date. Set a knob with `--set name=value`, or in an experiment's YAML.\n\n")
        .append("*Applied*: `restart` restarts the tier when the value changes, `live` changes\n")
        .append("the running tier, `per run` is applied before each run.\n");
    KnobTier section = null;
    for (Knob<?> knob : knobs) {
      if (knob.tier() != section) {
        section = knob.tier();
        page.append("\n## ")
            .append(section.label())
            .append("\n\n| knob | allowed | default | applied | what it does | study |\n")
            .append("| --- | --- | --- | --- | --- | --- |\n");
      }
      page.append(row(knob));
    }
    page.append("\n## Any other PostgreSQL setting\n\n")
        .append(
            "`db.server.<name>=<value>` passes any PostgreSQL server setting as `-c name=value`\n")
        .append("(restarts the db tier). The name is checked against the server's own\n")
        .append(
            "`pg_settings`, the value by PostgreSQL itself, whose own error message is shown.\n");
    if (!rules.isEmpty()) {
      page.append("\n## Rules between knobs\n\n")
          .append(
              "`tunelab run` checks every step of an experiment by these rules before any tier\n")
          .append("starts (exit code 2, the file and the steps named).\n\n");
      for (KnobRule rule : rules) {
        page.append("- ").append(escape(rule.doc())).append('\n');
      }
    }
    return page.toString();
  }

  private static String row(Knob<?> knob) {
    String unit = knob.unit().isEmpty() ? "" : " " + knob.unit();
    String defaultText = knob.defaultText().isEmpty() ? "(none)" : knob.defaultText() + unit;
    return "| `"
        + knob.name()
        + "` | "
        + escape(knob.type().allowed())
        + " | "
        + escape(defaultText)
        + " | "
        + switch (knob.apply()) {
          case RESTART -> "restart";
          case LIVE -> "live";
          case PER_RUN -> "per run";
        }
        + " | "
        + escape(knob.doc())
        + durability(knob)
        + " | "
        + escape(knob.study())
        + " |\n";
  }

  /** Where the knob trades durability, said after its doc. */
  private static String durability(Knob<?> knob) {
    if (knob.tradesDurabilityAt().isEmpty()) {
      return "";
    }
    return "; **trades durability** at "
        + String.join(", ", knob.tradesDurabilityAt().stream().map(v -> "`" + v + "`").toList())
        + " (a tuner tries it only with `--allow-durability`)";
  }

  private static String escape(String text) {
    return text.replace("|", "\\|");
  }
}
