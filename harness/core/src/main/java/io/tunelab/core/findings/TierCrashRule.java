package io.tunelab.core.findings;

import java.util.List;
import java.util.Locale;

/**
 * A tier killed in the window as the experiment asked ({@code workload.crash}): the window's
 * throughput and latency hold the outage and the recovery, and the repetition's accounting says
 * what the crash cost the orders (lost, completed twice, faulted by the crash).
 */
final class TierCrashRule implements FindingRule {
  @Override
  public List<Finding> apply(RunData data) {
    if (data.crash().isEmpty()) {
      return List.of();
    }
    TierCrash crash = data.crash().get();
    String message =
        String.format(
            Locale.ROOT,
            "the %s tier was killed (SIGKILL, as workload.crash asked) when %d of %d %s were"
                + " done, and answered again on its data %.1f s later: this window's throughput"
                + " and latency hold the outage and the recovery; the repetition's accounting says"
                + " what the crash cost the %s",
            crash.tier(),
            crash.doneAtKill(),
            crash.units(),
            crash.unitName(),
            crash.downMillis() / 1000.0,
            crash.unitName());
    return List.of(
        new Finding(
            FindingKind.TIER_CRASHED,
            crash.tier(),
            message,
            List.of(
                "killed at " + crash.doneAtKill() + " of " + crash.units() + " done",
                "down " + crash.downMillis() + " ms, until it answered on its data again"),
            List.of()));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(TierCrash.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.TIER_CRASHED,
            "`workload.crash` killed a tier (db or broker) with SIGKILL in the measured "
                + "batch and it was started again on its data",
            "when (orders completed of the batch) and how long the tier was down until "
                + "it answered again: the window's throughput and latency hold the outage and "
                + "the recovery, and the repetition's accounting (lost, DUPLICATED, faulted "
                + "with their reasons) says what the crash cost the orders. The database's "
                + "statistics die with it: that window's statements per unit, top SQL and "
                + "table scans are left unknown"));
  }
}
