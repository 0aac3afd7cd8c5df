package io.tunelab.core.knobs;

import io.tunelab.core.BadInputException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Every rule between knobs, checked over each step of a run before any tier starts. */
public final class KnobRules {
  /** XA transactions prepare in PostgreSQL, which refuses to when it may hold none. */
  public static final KnobRule XA_NEEDS_PREPARED_TRANSACTIONS =
      new KnobRule(
          "middleware.transactions=xa needs db.server.max_prepared_transactions above 0",
          List.of(MiddlewareKnobs.TRANSACTIONS, DbKnobs.MAX_PREPARED_TRANSACTIONS),
          knobs ->
              knobs.get(MiddlewareKnobs.TRANSACTIONS) == MiddlewareKnobs.Transactions.XA
                      && knobs.get(DbKnobs.MAX_PREPARED_TRANSACTIONS) == 0
                  ? Optional.of(
                      MiddlewareKnobs.TRANSACTIONS.name()
                          + "=xa needs PostgreSQL to prepare transactions, but "
                          + DbKnobs.MAX_PREPARED_TRANSACTIONS.name()
                          + " is 0: set it too, e.g. --set "
                          + DbKnobs.MAX_PREPARED_TRANSACTIONS.name()
                          + "=100")
                  : Optional.empty());

  /** The JVM refuses to start with a young generation as large as the heap. */
  public static final KnobRule YOUNG_GENERATION_FITS_THE_HEAP =
      new KnobRule(
          "middleware.jvm.youngMegabytes, when set, is less than middleware.jvm.heapMegabytes",
          List.of(MiddlewareKnobs.YOUNG, MiddlewareKnobs.HEAP),
          knobs -> {
            int young = knobs.get(MiddlewareKnobs.YOUNG);
            int heap = knobs.get(MiddlewareKnobs.HEAP);
            return young > 0 && young >= heap
                ? Optional.of(
                    MiddlewareKnobs.YOUNG.name()
                        + " ("
                        + young
                        + ") must be less than "
                        + MiddlewareKnobs.HEAP.name()
                        + " ("
                        + heap
                        + "): lower it, raise the heap, or set 0 to let the JVM size it")
                : Optional.empty();
          });

  /** The JVM refuses to start with an initial heap larger than its maximum. */
  public static final KnobRule INITIAL_HEAP_FITS_THE_HEAP =
      new KnobRule(
          "middleware.jvm.initialHeapMegabytes, when set, is at most middleware.jvm.heapMegabytes",
          List.of(MiddlewareKnobs.INITIAL_HEAP, MiddlewareKnobs.HEAP),
          knobs -> {
            int initial = knobs.get(MiddlewareKnobs.INITIAL_HEAP);
            int heap = knobs.get(MiddlewareKnobs.HEAP);
            return initial > heap
                ? Optional.of(
                    MiddlewareKnobs.INITIAL_HEAP.name()
                        + " ("
                        + initial
                        + ") must be at most "
                        + MiddlewareKnobs.HEAP.name()
                        + " ("
                        + heap
                        + "): lower it, raise the heap, or set 0 for the default")
                : Optional.empty();
          });

  /** Connections the harness and its observers keep beside the middleware's pools. */
  public static final int HARNESS_CONNECTIONS = 10;

  /** Several middleware instances each open a whole pool to the one database. */
  public static final KnobRule MIDDLEWARE_POOLS_FIT_THE_DATABASE =
      new KnobRule(
          "with middleware.instances above 1, middleware.instances x middleware.jdbc.poolSize"
              + " leaves "
              + HARNESS_CONNECTIONS
              + " of db.server.max_connections to the harness",
          List.of(
              MiddlewareKnobs.INSTANCES, MiddlewareKnobs.JDBC_POOL_SIZE, DbKnobs.MAX_CONNECTIONS),
          knobs -> {
            int instances = knobs.get(MiddlewareKnobs.INSTANCES);
            int pools = instances * knobs.get(MiddlewareKnobs.JDBC_POOL_SIZE);
            int max = knobs.get(DbKnobs.MAX_CONNECTIONS);
            return instances > 1 && pools > max - HARNESS_CONNECTIONS
                ? Optional.of(
                    MiddlewareKnobs.INSTANCES.name()
                        + "="
                        + instances
                        + " opens "
                        + instances
                        + " pools of "
                        + MiddlewareKnobs.JDBC_POOL_SIZE.name()
                        + "="
                        + knobs.get(MiddlewareKnobs.JDBC_POOL_SIZE)
                        + " connections ("
                        + pools
                        + "), more than "
                        + DbKnobs.MAX_CONNECTIONS.name()
                        + "="
                        + max
                        + " less the harness's "
                        + HARNESS_CONNECTIONS
                        + ": raise "
                        + DbKnobs.MAX_CONNECTIONS.name()
                        + " or lower the pool size")
                : Optional.empty();
          });

  /** A role per instance names every instance, in order: a different count has no meaning. */
  public static final KnobRule ROLES_NAME_EVERY_INSTANCE =
      new KnobRule(
          "middleware.role is one role for every instance or one per middleware.instances",
          List.of(MiddlewareKnobs.ROLE, MiddlewareKnobs.INSTANCES),
          knobs -> {
            int roles = knobs.get(MiddlewareKnobs.ROLE).size();
            int instances = knobs.get(MiddlewareKnobs.INSTANCES);
            return roles > 1 && roles != instances
                ? Optional.of(
                    MiddlewareKnobs.ROLE.name()
                        + "="
                        + MiddlewareKnobs.ROLE.format(knobs.get(MiddlewareKnobs.ROLE))
                        + " names "
                        + roles
                        + " instances but "
                        + MiddlewareKnobs.INSTANCES.name()
                        + " is "
                        + instances
                        + ": set "
                        + MiddlewareKnobs.INSTANCES.name()
                        + "="
                        + roles
                        + ", or give one role for all of them")
                : Optional.empty();
          });

  /** Engines named on other hosts are the engines: a different count cannot be met. */
  public static final KnobRule ENGINE_HOSTS_ARE_THE_ENGINES =
      new KnobRule(
          "with workload.engineHosts, workload.engines is 1 or the number of hosts named",
          List.of(WorkloadKnobs.ENGINE_HOSTS, WorkloadKnobs.ENGINES),
          knobs -> {
            String hosts = knobs.get(WorkloadKnobs.ENGINE_HOSTS);
            int engines = knobs.get(WorkloadKnobs.ENGINES);
            int named = hosts.isEmpty() ? 0 : hosts.split(",").length;
            return named > 0 && engines != 1 && engines != named
                ? Optional.of(
                    WorkloadKnobs.ENGINE_HOSTS.name()
                        + " names "
                        + named
                        + " engines but "
                        + WorkloadKnobs.ENGINES.name()
                        + " is "
                        + engines
                        + ": name "
                        + engines
                        + " hosts, or leave "
                        + WorkloadKnobs.ENGINES.name()
                        + " at 1 (the hosts' count is used)")
                : Optional.empty();
          });

  /** A mix of three zero weights has no order size to draw. */
  public static final KnobRule MIX_HAS_A_WEIGHT =
      new KnobRule(
          "workload.mix gives at least one order size a weight above 0",
          List.of(WorkloadKnobs.MIX),
          knobs ->
              knobs.get(WorkloadKnobs.MIX).matches("0*:0*:0*")
                  ? Optional.of(
                      WorkloadKnobs.MIX.name()
                          + " is "
                          + knobs.get(WorkloadKnobs.MIX)
                          + ": every weight is 0, so there is no order to send; give at least one"
                          + " size a weight, e.g. 1:1:1")
                  : Optional.empty());

  /**
   * The middleware's free-form flags leave its heap, young generation and collector to their knobs:
   * a flag would win over the knob, and the run would record a heap it did not run with.
   */
  public static final KnobRule MIDDLEWARE_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOBS =
      new KnobRule(
          "middleware.jvm.flags sets no heap, initial heap or young generation (-Xmx, -Xms, -Xmn)"
              + " and no collector other than middleware.jvm.collector's: the knobs set them",
          List.of(
              MiddlewareKnobs.JVM_FLAGS,
              MiddlewareKnobs.HEAP,
              MiddlewareKnobs.INITIAL_HEAP,
              MiddlewareKnobs.YOUNG,
              MiddlewareKnobs.COLLECTOR),
          HeapFlags::middleware);

  /** The broker's free-form flags leave its heap to its knob. */
  public static final KnobRule BROKER_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOB =
      new KnobRule(
          "broker.jvm.flags sets no maximum heap (-Xmx: broker.jvm.heapMegabytes does) and no"
              + " initial heap above it",
          List.of(BrokerKnobs.JVM_FLAGS, BrokerKnobs.HEAP),
          HeapFlags::broker);

  /** Every rule, in the order of the reference page. */
  public static final List<KnobRule> ALL =
      List.of(
          XA_NEEDS_PREPARED_TRANSACTIONS,
          YOUNG_GENERATION_FITS_THE_HEAP,
          INITIAL_HEAP_FITS_THE_HEAP,
          MIDDLEWARE_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOBS,
          BROKER_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOB,
          MIX_HAS_A_WEIGHT,
          MIDDLEWARE_POOLS_FIT_THE_DATABASE,
          ROLES_NAME_EVERY_INSTANCE,
          ENGINE_HOSTS_ARE_THE_ENGINES,
          WorkloadKnobRules.BESIDE_USERS_QUERY_A_HELD_BATCH,
          WorkloadKnobRules.BESIDE_USERS_HAVE_AN_INSTANCE_THAT_ANSWERS);

  /**
   * Checks {@code set} by some of the rules: for a tier that builds its settings from a knob set
   * that did not come through an experiment.
   *
   * @throws BadInputException naming each broken rule and its fix
   */
  public static void require(KnobSet set, KnobRule... rules) {
    List<String> violations = Stream.of(rules).flatMap(rule -> rule.check(set).stream()).toList();
    if (!violations.isEmpty()) {
      throw new BadInputException(String.join("; ", violations));
    }
  }

  private KnobRules() {}
}
