package io.tunelab.core.findings;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness used a large share of the machine: the load generator, the mocks and the controller
 * run on the same cores as the system under test, so what they use is missing from its numbers, and
 * a change that makes the harness heavier looks like a slower system.
 *
 * <p>Qualifies when load + mocks + controller used more than {@value #MAX_SHARE_PERCENT}% of the
 * machine over a measured window of at least {@value #MIN_WINDOW_MILLIS} ms. The finding names the
 * harness tier using the most and what would make it lighter.
 */
final class HarnessHeavyRule implements FindingRule {
  static final double MAX_SHARE_PERCENT = 10;
  static final long MIN_WINDOW_MILLIS = 5_000;

  @Override
  public List<Finding> apply(RunData data) {
    if (data.harness().isEmpty()) {
      return List.of();
    }
    HarnessCost cost = data.harness().get();
    if (cost.windowMillis() < MIN_WINDOW_MILLIS
        || cost.harnessSharePercent() <= MAX_SHARE_PERCENT) {
      return List.of();
    }
    HarnessCost.TierCpu biggest = cost.tiers().get(cost.biggestTier());
    String message =
        String.format(
            Locale.ROOT,
            "the harness used %.1f%% of the machine (%d cores) in the measured window, most of it"
                + " %s (%.0f%% of one core): the system under test had that much less CPU; %s",
            cost.harnessSharePercent(),
            cost.machineCores(),
            cost.biggestTier(),
            biggest == null ? 0 : biggest.percentOfOneCore(),
            advice(cost, data));
    return List.of(
        new Finding(FindingKind.HARNESS_HEAVY, cost.biggestTier(), message, evidence(cost)));
  }

  private static String advice(HarnessCost cost, RunData data) {
    return switch (TierName.ofLabel(cost.biggestTier()).orElse(TierName.CONTROLLER)) {
      case LOAD ->
          data.find(LoadTierAdvice.class)
              .map(LoadTierAdvice::advice)
              .orElse(
                  "send the load before the measured window (a backlog the middleware drains) or"
                      + " run the load generator on another host");
      case MOCKS ->
          "give the mocks fewer threads (mocks.containerThreads) or run them on another host";
      default ->
          String.format(
              Locale.ROOT,
              "sample less (a longer observer interval, fewer observer sources: its thread alone"
                  + " used %.1f%% of one core) and poll the drain less often",
              cost.observer().percentOfOneCore());
    };
  }

  private static List<String> evidence(HarnessCost cost) {
    List<String> evidence = new ArrayList<>();
    for (Map.Entry<String, HarnessCost.TierCpu> tier : cost.tiers().entrySet()) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "series cpu.tier %s: %.1f%% of one core, %.1f%% of the machine",
              tier.getKey(),
              tier.getValue().percentOfOneCore(),
              tier.getValue().percentOfMachine()));
    }
    evidence.add(
        String.format(
            Locale.ROOT,
            "observer sampling thread (inside controller): %.1f%% of one core",
            cost.observer().percentOfOneCore()));
    evidence.add(
        String.format(
            Locale.ROOT,
            "harness share: (load + mocks + controller) / %d cores = %.1f%% of the machine over"
                + " %.0f s measured",
            cost.machineCores(),
            cost.harnessSharePercent(),
            cost.windowMillis() / 1000.0));
    return evidence;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(HarnessCost.class, LoadTierAdvice.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.HARNESS_HEAVY,
            "load + mocks + controller used more than 10% of the machine "
                + "(`harnessCost.harnessSharePercent`) over a measured window of 5 s or more",
            "the biggest harness tier and what would make it lighter: load: send the "
                + "load before the window (a backlog the middleware drains) or from another "
                + "host, or, when the plan says its load tier's work is what the experiment asks "
                + "for (`LoadTierAdvice`: batch-order's users querying beside a drain, "
                + "`workload.besideUsers`), what the plan says (fewer of those users); mocks: "
                + "fewer `mocks.containerThreads` or another host; controller: "
                + "sample less (its observer thread's share is named) and poll the drain less "
                + "often"));
  }
}
