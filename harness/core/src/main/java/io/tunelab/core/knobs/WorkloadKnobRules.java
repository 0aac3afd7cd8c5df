package io.tunelab.core.knobs;

import java.util.List;
import java.util.Optional;

/**
 * Rules between the workload's own knobs. They hold for every plan: a plan that does not read a
 * knob leaves it at its default, which breaks none of them, and refuses it when set ({@code
 * PlanKnobs}).
 */
final class WorkloadKnobRules {
  private static final String MODE = WorkloadKnobs.MODE.name();
  private static final String BESIDE = WorkloadKnobs.BESIDE_USERS.name();

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

  private static String beside(KnobSet knobs) {
    return BESIDE + "=" + knobs.get(WorkloadKnobs.BESIDE_USERS);
  }
}
