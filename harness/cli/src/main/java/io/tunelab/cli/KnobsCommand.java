package io.tunelab.cli;

import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobReference;
import io.tunelab.core.knobs.KnobRegistry;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Lists every knob with its type, default, tier and doc. */
@Command(name = "knobs", description = "List every knob: name, allowed values, default, tier, doc.")
final class KnobsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print a JSON array, one object per knob.")
  boolean json;

  @Option(names = "--markdown", description = "Print the reference page docs/knobs.md.")
  boolean markdown;

  @Override
  public Integer call() {
    List<Knob<?>> knobs = KnobRegistry.standard().all();
    PrintWriter out = spec.commandLine().getOut();
    if (markdown) {
      out.print(KnobReference.markdown(knobs, KnobRegistry.standard().rules()));
    } else if (json) {
      out.println(Json.write(knobs.stream().map(KnobsCommand::describe).toList()));
    } else {
      for (Knob<?> knob : knobs) {
        out.printf(
            "%-40s %-9s default %-20s %s%n",
            knob.name(),
            knob.tier().label(),
            knob.defaultText().isEmpty() ? "(none)" : knob.defaultText(),
            knob.doc());
        out.printf("%-40s %s%n", "", knob.type().allowed() + ", " + applyText(knob));
      }
      out.println();
      out.println(
          "Any other PostgreSQL setting: db.server.<name>=<value> (checked against pg_settings).");
      out.println("Rules between knobs, checked over every step before any tier starts:");
      KnobRegistry.standard().rules().forEach(rule -> out.println("  " + rule.doc()));
    }
    out.flush();
    return 0;
  }

  static Map<String, Object> describe(Knob<?> knob) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("name", knob.name());
    row.put("type", knob.type().kind());
    row.put("allowed", knob.type().allowed());
    row.put("default", knob.defaultText());
    row.put("unit", knob.unit());
    row.put("tier", knob.tier().label());
    row.put("apply", knob.apply().name().toLowerCase(java.util.Locale.ROOT));
    row.put("restarts", knob.apply() == Knob.Apply.RESTART ? knob.tier().label() : null);
    row.put("doc", knob.doc());
    row.put("study", knob.study());
    row.put("tradesDurabilityAt", knob.tradesDurabilityAt());
    return row;
  }

  private static String applyText(Knob<?> knob) {
    return switch (knob.apply()) {
      case RESTART -> "restarts the " + knob.tier().label() + " tier";
      case LIVE -> "applied live";
      case PER_RUN -> "applied before each run";
    };
  }
}
