package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every rule over a run's data: the house's, named by {@link FindingKind}, and those of the
 * plans' rooms ({@link FindingSource}). The thresholds are constants of each rule, documented by
 * the rule itself ({@link FindingRule#docs}) and so in docs/findings.md.
 */
public final class Findings {
  /** The plans' rooms' sources on the class path. */
  static final List<FindingSource> SOURCES = FindingSource.onClassPath();

  /**
   * Every rule, once, in the order of the first kind each raises in {@link FindingKind} (a room's
   * after the house's of the same kind): the order their findings are listed in.
   */
  public static final List<FindingRule> RULES = rulesOf(FindingKind.values(), SOURCES);

  private Findings() {}

  static List<FindingRule> rulesOf(FindingKind[] kinds, List<FindingSource> sources) {
    Map<Class<?>, FindingRule> rules = new LinkedHashMap<>();
    for (FindingKind kind : kinds) {
      kind.newRule().ifPresent(rule -> rules.putIfAbsent(rule.getClass(), rule));
    }
    for (FindingSource source : sources) {
      source.rules().forEach(rule -> rules.putIfAbsent(rule.getClass(), rule));
    }
    // a stable sort: the house's rule of a kind stays before a room's
    return rules.values().stream()
        .sorted(Comparator.comparingInt(rule -> rule.docs().get(0).kind().ordinal()))
        .toList();
  }

  /** Whether {@code queue} is a plan's own, judged by its room's rules, not the house's. */
  static boolean ownedByARoom(String queue) {
    return SOURCES.stream().anyMatch(source -> source.ownsQueue(queue));
  }

  /** The findings of every rule, in rule order. */
  public static List<Finding> of(RunData data) {
    List<Finding> findings = new ArrayList<>();
    for (FindingRule rule : RULES) {
      findings.addAll(rule.apply(data));
    }
    return List.copyOf(findings);
  }
}
