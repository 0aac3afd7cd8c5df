package io.tunelab.run;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.Jfr;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.stack.BrokerDisk;
import io.tunelab.tiers.stack.StackProvider;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a stack provider lets an experiment set. A provider that does not own its tiers (external:
 * it connects to a stack someone else started) cannot restart the database, the broker or the mocks
 * with other settings, so an experiment whose knobs would need that is refused before any tier
 * starts, instead of measuring the stack as it is under the name of a setting it never got; and an
 * experiment needs a stack with the mock of every back-end its plan calls.
 */
public final class ProviderFit {
  /** Why {@code plan}, whose flow calls {@code backend}, cannot run on a stack without its mock. */
  public static String noMock(Plan plan, Backend backend) {
    return "plan "
        + plan.yamlName()
        + " calls the "
        + backend.who()
        + " mock, and this stack has none: give the endpoints file a mocks."
        + backend.label()
        + " URL (or "
        + backend.urlVariable()
        + "), or use the embedded stack";
  }

  private static final Set<KnobTier> STACK =
      EnumSet.of(KnobTier.DB, KnobTier.BROKER, KnobTier.MOCKS);

  private ProviderFit() {}

  /**
   * A {@code broker.maxDiskUsagePercent} at or under what the broker's file system already uses
   * cannot work: Artemis would block every producer from the first order, as a full disk does, and
   * the run would stall until its load timed out.
   */
  private static void checkBrokerDisk(Experiment experiment, StackProvider provider) {
    java.util.OptionalDouble used = provider.brokerDiskUsedPercent();
    for (Step step : experiment.steps()) {
      BrokerDisk.check(
          step.knobs().get(BrokerKnobs.MAX_DISK_USAGE), used, " (step " + step.name() + ")");
    }
  }

  /** A JVM tier is recorded by attaching to it, which only a JVM of this machine allows. */
  private static void checkRecording(Experiment experiment, StackProvider provider) {
    if (provider.recordsTierJvms()) {
      return;
    }
    for (Step step : experiment.steps()) {
      for (Knob<Jfr> knob : List.of(BrokerKnobs.JFR, MocksKnobs.JFR)) {
        Jfr level = step.knobs().get(knob);
        if (level != Jfr.OFF) {
          throw new BadInputException(
              knob.name()
                  + "="
                  + level.label()
                  + " (step "
                  + step.name()
                  + ") attaches the JDK Flight Recorder to the tier's JVM, which only a JVM of"
                  + " this machine allows: --provider "
                  + provider.name()
                  + " runs it elsewhere. Run it with --provider embedded, or leave "
                  + knob.name()
                  + " out");
        }
      }
    }
  }

  /** A tier killed mid-batch must be one this machine runs and can start again on its data. */
  private static void checkCrash(Experiment experiment, StackProvider provider) {
    if (provider.crashesTiers()) {
      return;
    }
    for (Step step : experiment.steps()) {
      WorkloadKnobs.Crash crash = step.knobs().get(WorkloadKnobs.CRASH);
      if (crash != WorkloadKnobs.Crash.NONE) {
        throw new BadInputException(
            "workload.crash="
                + crash.label()
                + " (step "
                + step.name()
                + ") kills the "
                + crash.label()
                + " tier and starts it again on its data, which only the stack's own processes"
                + " allow: --provider "
                + provider.name()
                + " cannot. Run it with --provider embedded, or leave workload.crash out");
      }
    }
  }

  /**
   * @throws BadInputException naming each knob, its value and its step, and the way out
   */
  /**
   * The declared knobs {@code provider} cannot change: those that restart a tier of a stack it does
   * not own (none for a provider that owns its tiers). What {@link #check} refuses in a step.
   */
  public static Set<String> unchangeable(StackProvider provider) {
    if (provider.ownsTiers()) {
      return Set.of();
    }
    return KnobRegistry.standard().all().stream()
        .filter(knob -> knob.apply() == Knob.Apply.RESTART && STACK.contains(knob.tier()))
        .map(Knob::name)
        .collect(Collectors.toUnmodifiableSet());
  }

  public static void check(Experiment experiment, StackProvider provider) {
    for (Backend backend : experiment.plan().backEnds()) {
      if (!provider.serves(backend)) {
        throw new BadInputException(noMock(experiment.plan(), backend));
      }
    }
    checkBrokerDisk(experiment, provider);
    checkCrash(experiment, provider);
    checkRecording(experiment, provider);
    if (provider.ownsTiers()) {
      return;
    }
    Map<String, String> defaults = KnobSet.defaults().resolved();
    Map<String, String> refused = new LinkedHashMap<>();
    for (Step step : experiment.steps()) {
      step.knobs()
          .resolved()
          .forEach(
              (name, value) -> {
                Knob<?> knob = KnobRegistry.standard().require(name);
                if (knob.apply() == Knob.Apply.RESTART
                    && STACK.contains(knob.tier())
                    && !value.equals(defaults.get(name))) {
                  refused.putIfAbsent(
                      name,
                      name
                          + "="
                          + value
                          + " (step "
                          + step.name()
                          + ", restarts the "
                          + knob.tier().label()
                          + " tier)");
                }
              });
    }
    if (!refused.isEmpty()) {
      throw new BadInputException(
          "--provider "
              + provider.name()
              + " runs on a stack it does not own and cannot restart its tiers with other settings: "
              + String.join("; ", refused.values())
              + ". Start the stack with them (tunelab stack up --detach "
              + refused.keySet().stream()
                  .map(n -> "--set " + n + "=...")
                  .collect(Collectors.joining(" "))
              + ") and leave them out of the experiment, or run with --provider embedded");
    }
  }
}
