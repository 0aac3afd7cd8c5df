package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every rule over a run's data. The thresholds are constants of each rule, documented by the
 * rule itself ({@link FindingRule#docs}) and so in docs/findings.md.
 */
public final class Findings {
  /**
   * Every rule, once, in the order of the first kind each raises in {@link FindingKind}: the order
   * their findings are listed in.
   */
  public static final List<FindingRule> RULES = rulesOf(FindingKind.values());

  private Findings() {}

  static List<FindingRule> rulesOf(FindingKind[] kinds) {
    Map<Class<?>, FindingRule> rules = new LinkedHashMap<>();
    for (FindingKind kind : kinds) {
      FindingRule rule = kind.newRule();
      rules.putIfAbsent(rule.getClass(), rule);
    }
    return List.copyOf(rules.values());
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
