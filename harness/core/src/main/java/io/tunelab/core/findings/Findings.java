package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs every rule over a run's data. The thresholds are constants of each rule, documented there
 * and in {@code results/README.md}.
 */
public final class Findings {
  /** Every rule, in the order their findings are listed. */
  public static final List<FindingRule> RULES =
      List.of(
          new MiddlewareDeathRule(),
          new TierCrashRule(),
          new BacklogRule(),
          new CpuSaturationRule(),
          new GcRule(),
          new HotMonitorRule(),
          new SequentialScanRule(),
          new CommitWaitRule(),
          new RowContentionRule(),
          new ParseHeavyRule(),
          new ConnectionRule(),
          new DeadlineMissRule(),
          new BackendLatencyRule(),
          new BackendFaultRule(),
          new EngineRule(),
          new FetcherRule(),
          new QueueEmptyRule(),
          new HarnessHeavyRule(),
          new NoisyMachineRule());

  private Findings() {}

  /** The findings of every rule, in rule order. */
  public static List<Finding> of(RunData data) {
    List<Finding> findings = new ArrayList<>();
    for (FindingRule rule : RULES) {
      findings.addAll(rule.apply(data));
    }
    return List.copyOf(findings);
  }
}
