package io.tunelab.core.experiment;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
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
   * {@code order_inbox}, which only the batch-order plan fills (its inbox sink); with any other
   * plan nothing would ever arrive there. A two-way message needs a queue for its reply, and a
   * one-way message has none. A middleware whose role leaves out the plan's flow would never see
   * its work.
   */
  static Optional<String> misfit(Plan plan, KnobSet knobs) {
    Optional<String> role = roleMisfit(plan, knobs.get(MiddlewareKnobs.ROLE));
    if (role.isPresent()) {
      return role;
    }
    if (plan == Plan.MESSAGING) {
      return messagingMisfit(knobs);
    }
    if (plan == Plan.BATCH_ORDER && knobs.get(WorkloadKnobs.BESIDE_USERS) > 0) {
      return besideMisfit(knobs);
    }
    if (plan != Plan.BATCH_ORDER
        && knobs.get(MiddlewareKnobs.INTAKE) == MiddlewareKnobs.Intake.FETCHER) {
      return Optional.of(
          MiddlewareKnobs.INTAKE.name()
              + "=fetcher polls order_inbox, which only plan "
              + Plan.BATCH_ORDER.yamlName()
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

  /** Billing-care users beside a drain need the drain's window and an instance that answers. */
  private static Optional<String> besideMisfit(KnobSet knobs) {
    String beside = WorkloadKnobs.BESIDE_USERS.name() + "=" + knobs.get(WorkloadKnobs.BESIDE_USERS);
    if (knobs.get(WorkloadKnobs.MODE) != WorkloadKnobs.Mode.BACKLOG) {
      return Optional.of(
          beside
              + " queries while a held batch drains, and "
              + WorkloadKnobs.MODE.name()
              + "="
              + knobs.get(WorkloadKnobs.MODE).label()
              + " holds none: set "
              + WorkloadKnobs.MODE.name()
              + "=backlog or "
              + WorkloadKnobs.BESIDE_USERS.name()
              + "=0");
    }
    List<MiddlewareKnobs.Role> roles = knobs.get(MiddlewareKnobs.ROLE);
    if (roles.stream().noneMatch(MiddlewareKnobs.Role::servesRequests)) {
      return Optional.of(
          beside
              + " sends billing-care requests, and "
              + MiddlewareKnobs.ROLE.name()
              + "="
              + MiddlewareKnobs.ROLE.format(roles)
              + " opens no SOAP service: give an instance the role all or sync");
    }
    return Optional.empty();
  }

  private static Optional<String> messagingMisfit(KnobSet knobs) {
    WorkloadKnobs.MessageMode mode = knobs.get(WorkloadKnobs.MESSAGE_MODE);
    WorkloadKnobs.ReplyQueue reply = knobs.get(WorkloadKnobs.REPLY_QUEUE);
    if (mode == WorkloadKnobs.MessageMode.TWO_WAY && reply == WorkloadKnobs.ReplyQueue.NONE) {
      return Optional.of(
          WorkloadKnobs.MESSAGE_MODE.name()
              + "=two-way waits for each reply, and "
              + WorkloadKnobs.REPLY_QUEUE.name()
              + "=none gives it no queue to come back on: set "
              + WorkloadKnobs.REPLY_QUEUE.name()
              + "=temporary or shared");
    }
    if (mode == WorkloadKnobs.MessageMode.TWO_WAY
        && knobs.get(WorkloadKnobs.MODE) == WorkloadKnobs.Mode.BACKLOG) {
      return Optional.of(
          WorkloadKnobs.MESSAGE_MODE.name()
              + "=two-way waits for each reply, and "
              + WorkloadKnobs.MODE.name()
              + "=backlog holds every message until the clients are done: set "
              + WorkloadKnobs.MODE.name()
              + "=stream or rate");
    }
    if (mode == WorkloadKnobs.MessageMode.ONE_WAY && reply != WorkloadKnobs.ReplyQueue.NONE) {
      return Optional.of(
          WorkloadKnobs.MESSAGE_MODE.name()
              + "=one-way gets no reply, so "
              + WorkloadKnobs.REPLY_QUEUE.name()
              + "="
              + reply.label()
              + " would do nothing: remove it or set "
              + WorkloadKnobs.MESSAGE_MODE.name()
              + "=two-way");
    }
    if (knobs.get(MiddlewareKnobs.INTAKE) == MiddlewareKnobs.Intake.FETCHER) {
      return Optional.of(
          MiddlewareKnobs.INTAKE.name()
              + "=fetcher polls order_inbox, which only plan "
              + Plan.BATCH_ORDER.yamlName()
              + " fills: remove it or use "
              + MiddlewareKnobs.INTAKE.name()
              + "=jms");
    }
    return Optional.empty();
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
