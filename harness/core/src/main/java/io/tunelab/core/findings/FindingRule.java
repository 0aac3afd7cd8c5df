package io.tunelab.core.findings;

import java.util.List;

/** One way of reading a run's data: zero or more findings, each with its evidence. */
public interface FindingRule {
  List<Finding> apply(RunData data);
}
