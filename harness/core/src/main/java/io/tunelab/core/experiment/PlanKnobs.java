package io.tunelab.core.experiment;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which workload knobs each plan reads ({@link Plan#ownKnobs}). A workload knob that only another
 * plan reads means nothing to this one: an experiment that sets it (in {@code workload:}, {@code
 * knobs:}, a step or {@code --set}) is refused rather than silently ignored, so that nobody
 * believes, say, {@code workload.orders} shaped a SOAP run. Knobs of the tiers (db, broker, mocks,
 * middleware) and the shared workload knobs (threads, warm-up timing and its steady-state rule,
 * error and steal limits) apply to every plan.
 */
public final class PlanKnobs {
  private PlanKnobs() {}

  /** The workload knobs only {@code plan} reads. */
  public static List<Knob<?>> own(Plan plan) {
    return plan.ownKnobs();
  }

  /**
   * Whether {@code plan} reads the knob of that name: false for a knob only other plans own (two
   * plans may own the same knob).
   */
  public static boolean uses(Plan plan, String knobName) {
    if (plan.ownKnobs().stream().anyMatch(knob -> knob.name().equals(knobName))) {
      return true;
    }
    return java.util.Arrays.stream(Plan.values())
        .filter(other -> other != plan)
        .flatMap(other -> other.ownKnobs().stream())
        .noneMatch(knob -> knob.name().equals(knobName));
  }

  /**
   * Knob values a plan cannot honour although every plan reads the knob: the fetcher intake polls
   * {@code order_inbox}, which only a plan that fills it feeds ({@link Plan#fillsInbox}); with any
   * other plan nothing would ever arrive there. A middleware whose role leaves out the plan's flow
   * would never see its work. Rules between the workload's own knobs are {@code KnobRules}'.
   */
  static Optional<String> misfit(Plan plan, KnobSet knobs) {
    Optional<String> role = roleMisfit(plan, knobs.get(MiddlewareKnobs.ROLE));
    if (role.isPresent()) {
      return role;
    }
    if (!plan.fillsInbox() && knobs.get(MiddlewareKnobs.INTAKE) == MiddlewareKnobs.Intake.FETCHER) {
      return Optional.of(
          MiddlewareKnobs.INTAKE.name()
              + "=fetcher polls order_inbox, which only plan "
              + java.util.Arrays.stream(Plan.values())
                  .filter(Plan::fillsInbox)
                  .map(Plan::yamlName)
                  .collect(Collectors.joining(" and "))
              + " fills; plan "
              + plan.yamlName()
              + " sends no order there: remove it or use "
              + MiddlewareKnobs.INTAKE.name()
              + "=jms");
    }
    return Optional.empty();
  }

  private static Optional<String> roleMisfit(Plan plan, List<MiddlewareKnobs.Role> roles) {
    boolean requests = plan.answersRequests();
    if (roles.stream().anyMatch(role -> requests ? role.servesRequests() : role.servesQueues())) {
      return Optional.empty();
    }
    String named = MiddlewareKnobs.ROLE.name() + "=" + MiddlewareKnobs.ROLE.format(roles);
    String fit = (requests ? MiddlewareKnobs.Role.SYNC : MiddlewareKnobs.Role.ASYNC).label();
    if (roles.size() > 1) {
      return Optional.of(
          named
              + (requests
                  ? ": no instance opens a SOAP service, and plan "
                      + plan.yamlName()
                      + " sends them requests"
                  : ": no instance consumes a queue, and plan "
                      + plan.yamlName()
                      + " sends its work there")
              + ": make one of them all or "
              + fit);
    }
    return Optional.of(
        named
            + (requests
                ? " opens no SOAP service, and plan " + plan.yamlName() + " sends it requests"
                : " consumes no queue, and plan " + plan.yamlName() + " sends its work there")
            + ": set "
            + MiddlewareKnobs.ROLE.name()
            + "=all or "
            + fit);
  }

  /**
   * @throws BadInputException when {@code plan} does not read the knob, naming it, the plan and the
   *     plan's own workload knobs
   */
  static void require(Plan plan, String knobName, Where at) {
    if (!uses(plan, knobName)) {
      throw at.bad(
          knobName
              + " means nothing to plan "
              + plan.yamlName()
              + ": remove it; that plan's own knobs are "
              + own(plan).stream().map(Knob::name).collect(Collectors.joining(", "))
              + ", with workload.threads, workload.warmupBefore, workload.arrivalsPerMinute,"
              + " workload.maxErrorPercent, workload.maxStealPercent and the warm-up's rule"
              + " (workload.steadyBatches, workload.steadyTolerancePercent,"
              + " workload.warmupMaxSeconds)");
    }
  }
}
