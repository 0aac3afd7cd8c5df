package io.tunelab.core.findings;

import java.util.List;

/**
 * One way of reading a run's data: zero or more findings, each with its evidence. A rule is named
 * by the {@link FindingKind}s it raises and documents them itself ({@link #docs}), next to the
 * thresholds it applies: docs/findings.md is made of those docs ({@link FindingReference}).
 */
public interface FindingRule {
  List<Finding> apply(RunData data);

  /**
   * The figures of {@link RunData} this rule reads, by type: what the observer, the runner or the
   * plan must put in the window's data for the rule to see anything.
   */
  List<Class<?>> reads();

  /** Each kind this rule raises: when (its thresholds) and what it says. */
  List<FindingDoc> docs();
}
