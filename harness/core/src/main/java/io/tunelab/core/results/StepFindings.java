package io.tunelab.core.results;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A step's findings over its repetitions: one per rule and subject, with how many repetitions
 * raised it, so a hint seen once among many repetitions reads differently from one seen in all.
 */
public final class StepFindings {
  private StepFindings() {}

  /**
   * One finding of a step.
   *
   * @param finding the first repetition's finding (its message and evidence)
   * @param repetitions how many repetitions raised it
   * @param observed how many repetitions were observed
   */
  public record Counted(Finding finding, int repetitions, int observed) {}

  /** The step's findings, in the order first raised; empty when no repetition was observed. */
  public static List<Counted> of(StepResult step) {
    Map<String, Finding> first = new LinkedHashMap<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    int observed = 0;
    for (Repetition rep : step.repetitions()) {
      if (rep.findings() == null) {
        continue;
      }
      observed++;
      for (String key : rep.findings().stream().map(StepFindings::key).distinct().toList()) {
        counts.merge(key, 1, Integer::sum);
      }
      rep.findings().forEach(f -> first.putIfAbsent(key(f), f));
    }
    List<Counted> all = new ArrayList<>();
    for (Map.Entry<String, Finding> e : first.entrySet()) {
      all.add(new Counted(e.getValue(), counts.get(e.getKey()), observed));
    }
    return all;
  }

  private static String key(Finding finding) {
    FindingKind kind = finding.kind();
    return kind.name() + "\u0000" + finding.subject();
  }
}
