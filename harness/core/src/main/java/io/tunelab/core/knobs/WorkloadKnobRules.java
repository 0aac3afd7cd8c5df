package io.tunelab.core.knobs;

import java.util.List;
import java.util.Optional;

/**
 * Rules between the workload's own knobs. They hold for every plan: a plan that does not read a
 * knob leaves it at its default, which breaks none of them, and refuses it when set ({@code
 * PlanKnobs}).
 */
final class WorkloadKnobRules {
  private static final String MESSAGE_MODE = WorkloadKnobs.MESSAGE_MODE.name();
  private static final String REPLY_QUEUE = WorkloadKnobs.REPLY_QUEUE.name();
  private static final String MODE = WorkloadKnobs.MODE.name();
  private static final String BESIDE = WorkloadKnobs.BESIDE_USERS.name();

  /** A two-way message waits for its reply, which needs a queue to come back on. */
  static final KnobRule TWO_WAY_HAS_A_REPLY_QUEUE =
      new KnobRule(
          MESSAGE_MODE + "=two-way names a " + REPLY_QUEUE + " (temporary or shared)",
          List.of(WorkloadKnobs.MESSAGE_MODE, WorkloadKnobs.REPLY_QUEUE),
          knobs ->
              twoWay(knobs) && knobs.get(WorkloadKnobs.REPLY_QUEUE) == WorkloadKnobs.ReplyQueue.NONE
                  ? Optional.of(
                      MESSAGE_MODE
                          + "=two-way waits for each reply, and "
                          + REPLY_QUEUE
                          + "=none gives it no queue to come back on: set "
                          + REPLY_QUEUE
                          + "=temporary or shared")
                  : Optional.empty());

  /** A client waiting for each reply cannot hold its messages until every client is done. */
  static final KnobRule TWO_WAY_IS_NOT_HELD =
      new KnobRule(
          MESSAGE_MODE + "=two-way runs with " + MODE + "=stream or rate",
          List.of(WorkloadKnobs.MESSAGE_MODE, WorkloadKnobs.MODE),
          knobs ->
              twoWay(knobs) && knobs.get(WorkloadKnobs.MODE) == WorkloadKnobs.Mode.BACKLOG
                  ? Optional.of(
                      MESSAGE_MODE
                          + "=two-way waits for each reply, and "
                          + MODE
                          + "=backlog holds every message until the clients are done: set "
                          + MODE
                          + "=stream or rate")
                  : Optional.empty());

  /** A reply queue for messages that get no reply would be a knob that does nothing. */
  static final KnobRule ONE_WAY_HAS_NO_REPLY_QUEUE =
      new KnobRule(
          MESSAGE_MODE + "=one-way leaves " + REPLY_QUEUE + " at none",
          List.of(WorkloadKnobs.MESSAGE_MODE, WorkloadKnobs.REPLY_QUEUE),
          knobs -> {
            WorkloadKnobs.ReplyQueue reply = knobs.get(WorkloadKnobs.REPLY_QUEUE);
            return !twoWay(knobs) && reply != WorkloadKnobs.ReplyQueue.NONE
                ? Optional.of(
                    MESSAGE_MODE
                        + "=one-way gets no reply, so "
                        + REPLY_QUEUE
                        + "="
                        + reply.label()
                        + " would do nothing: remove it or set "
                        + MESSAGE_MODE
                        + "=two-way")
                : Optional.empty();
          });

  /** Users beside a drain query while a held batch drains: there has to be one. */
  static final KnobRule BESIDE_USERS_QUERY_A_HELD_BATCH =
      new KnobRule(
          BESIDE + " above 0 runs with " + MODE + "=backlog",
          List.of(WorkloadKnobs.BESIDE_USERS, WorkloadKnobs.MODE),
          knobs ->
              knobs.get(WorkloadKnobs.BESIDE_USERS) > 0
                      && knobs.get(WorkloadKnobs.MODE) != WorkloadKnobs.Mode.BACKLOG
                  ? Optional.of(
                      beside(knobs)
                          + " queries while a held batch drains, and "
                          + MODE
                          + "="
                          + knobs.get(WorkloadKnobs.MODE).label()
                          + " holds none: set "
                          + MODE
                          + "=backlog or "
                          + BESIDE
                          + "=0")
                  : Optional.empty());

  /** Users beside a drain send billing-care requests, which an instance has to answer. */
  static final KnobRule BESIDE_USERS_HAVE_AN_INSTANCE_THAT_ANSWERS =
      new KnobRule(
          BESIDE + " above 0 needs an instance whose " + MiddlewareKnobs.ROLE.name() + " answers",
          List.of(WorkloadKnobs.BESIDE_USERS, MiddlewareKnobs.ROLE),
          knobs -> {
            List<MiddlewareKnobs.Role> roles = knobs.get(MiddlewareKnobs.ROLE);
            return knobs.get(WorkloadKnobs.BESIDE_USERS) > 0
                    && roles.stream().noneMatch(MiddlewareKnobs.Role::servesRequests)
                ? Optional.of(
                    beside(knobs)
                        + " sends billing-care requests, and "
                        + MiddlewareKnobs.ROLE.name()
                        + "="
                        + MiddlewareKnobs.ROLE.format(roles)
                        + " opens no SOAP service: give an instance the role all or sync")
                : Optional.empty();
          });

  private WorkloadKnobRules() {}

  private static boolean twoWay(KnobSet knobs) {
    return knobs.get(WorkloadKnobs.MESSAGE_MODE) == WorkloadKnobs.MessageMode.TWO_WAY;
  }

  private static String beside(KnobSet knobs) {
    return BESIDE + "=" + knobs.get(WorkloadKnobs.BESIDE_USERS);
  }
}
