package io.tunelab.cli;

import io.tunelab.core.findings.FindingDoc;
import io.tunelab.core.findings.FindingReference;
import io.tunelab.core.findings.FindingRule;
import io.tunelab.core.findings.Findings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Lists every finding tunelab draws: its kind, rule, thresholds and what it says. */
@Command(
    name = "findings",
    description =
        "List every finding a run can raise: kind, rule, when (its thresholds) and what it says.")
final class FindingsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print a JSON array, one object per finding kind.")
  boolean json;

  @Option(names = "--markdown", description = "Print the reference page docs/findings.md.")
  boolean markdown;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (markdown) {
      out.print(FindingReference.markdown(Findings.RULES));
    } else if (json) {
      List<Map<String, String>> rows = new ArrayList<>();
      for (FindingRule rule : Findings.RULES) {
        for (FindingDoc doc : rule.docs()) {
          Map<String, String> row = new LinkedHashMap<>();
          row.put("kind", doc.kind().name());
          row.put("rule", rule.getClass().getSimpleName());
          row.put("when", doc.when());
          row.put("says", doc.says());
          rows.add(row);
        }
      }
      out.println(Json.write(rows));
    } else {
      for (FindingRule rule : Findings.RULES) {
        for (FindingDoc doc : rule.docs()) {
          out.printf("%-18s %s%n", doc.kind().name(), rule.getClass().getSimpleName());
          out.printf("%-18s when: %s%n", "", doc.when());
          out.printf("%-18s says: %s%n", "", doc.says());
        }
      }
    }
    out.flush();
    return 0;
  }
}
