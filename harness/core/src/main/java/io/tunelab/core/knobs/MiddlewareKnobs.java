package io.tunelab.core.knobs;

import io.tunelab.core.Studies;
import java.util.List;

/** The reference middleware: its settings file and its JVM (a change restarts it). */
public final class MiddlewareKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.MIDDLEWARE, Knob.Apply.RESTART);

  /** The middleware JVM's garbage collector. */
  public enum Collector implements KnobChoice {
    G1,
    PARALLEL,
    SERIAL
  }

  /** How a stage's broker and database work commit. */
  public enum Transactions implements KnobChoice {
    LOCAL,
    XA
  }

  /** The hand-off between receipt and processing. */
  public enum DeliveryPolicy implements KnobChoice {
    SYNC("sync"),
    ASYNC_PERSIST("async.persist"),
    ASYNC_CACHE("async.cache");

    private final String label;

    DeliveryPolicy(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }
  }

  /** Audit rows per activity. */
  public enum AuditLevel implements KnobChoice {
    OFF,
    PRODUCTION,
    DEVELOPMENT
  }

  /** Which process instances are written (dehydrated). */
  public enum InstancePersistence implements KnobChoice {
    ALWAYS,
    FAULTED,
    OFF
  }

  /** How a dehydrated instance's state is written. */
  public enum StateCompression implements KnobChoice {
    NONE,
    GZIP
  }

  /** Where the sort service cuts a fixed-width sort request into its fields. */
  public enum ParseIn implements KnobChoice {
    /** Substring calls in Java, in the middle tier. */
    MIDDLEWARE,
    /** The raw request passed to PL/pgSQL functions that cut it (the studied system's way). */
    DATABASE
  }

  /** How the sort service's values reach its SQL. */
  public enum SortSql implements KnobChoice {
    /** Bind parameters: prepared statements, server-prepared past jdbc.prepareThreshold. */
    BIND,
    /** Values written into the SQL text: every execution is parsed and planned anew. */
    LITERAL
  }

  /** How orders enter the middleware. */
  public enum Intake implements KnobChoice {
    JMS,
    FETCHER
  }

  /**
   * Which of its flows a middleware JVM serves (the studies' specialised clusters: one for the
   * asynchronous order flow, one for the synchronous services).
   */
  public enum Role implements KnobChoice {
    /** Every flow: the queue-driven ones and the SOAP services. */
    ALL,
    /**
     * The queue-driven flows only (order-to-bill's stages or fetcher, the messaging server): no
     * billing-care or sort service is opened.
     */
    ASYNC,
    /**
     * The request-answering SOAP services only (billing-care, sort requests): no consumer on any
     * queue, no fetcher.
     */
    SYNC;

    /** Whether it consumes the queues (or fetches the inbox). */
    public boolean servesQueues() {
      return this != SYNC;
    }

    /** Whether it answers SOAP requests. */
    public boolean servesRequests() {
      return this != ASYNC;
    }
  }

  public static final Knob<Intake> INTAKE =
      KNOBS
          .knob("middleware.intake", KnobTypes.choice(Intake.class), Intake.JMS)
          .doc("how orders enter: consumers on the intake queue (jms) or the inbox table fetcher")
          .study(Studies.SERVICE_BROKER + ": fetcher processes polling request tables, vs a queue")
          .add();

  public static final Knob<List<Role>> ROLE =
      KNOBS
          .knob("middleware.role", KnobTypes.choices(Role.class), List.of(Role.ALL))
          .doc(
              "which flows the middleware serves: all; async (consumers on the queues, no SOAP"
                  + " service); sync (the billing-care and sort services, no consumer). One word"
                  + " for every instance, or one per instance in order (async,sync: the first"
                  + " consumes, the second answers): a plan needs an instance that serves it")
          .study("AIA: separate clusters for the synchronous and asynchronous flows")
          .add();

  public static final Knob<Integer> CONSUMERS_INTAKE = consumers("intake", "the intake queue");

  public static final Knob<Integer> CONSUMERS_ORCHESTRATION =
      consumers("orchestration", "the orchestration queue");

  public static final Knob<Integer> CONSUMERS_CREATE_CUSTOMER =
      consumers("createCustomer", "the create-customer queue");

  public static final Knob<Integer> CONSUMERS_CREATE_SUBSCRIPTIONS =
      consumers("createSubscriptions", "the create-subscriptions queue");

  public static final Knob<Integer> CONSUMERS_UPDATE_CRM =
      consumers("updateCrm", "the update-crm queue");

  public static final Knob<Integer> CONSUMER_WINDOW =
      KNOBS
          .knob(
              "middleware.consumer.windowBytes",
              KnobTypes.integer(-1, 64 * 1024 * 1024),
              1024 * 1024)
          .unit("bytes")
          .doc("Artemis consumer window (prefetch) per consumer; -1 unbounded, 0 none")
          .add();

  public static final Knob<Integer> ENGINE_THREADS =
      KNOBS
          .knob("middleware.engine.threads", KnobTypes.integer(1, 512), 4)
          .unit("threads")
          .doc("worker threads processing handed-off messages (async delivery policies)")
          .study("AIA: dspEngineThreads")
          .add();

  public static final Knob<Integer> INVOKE_CONNECTIONS =
      KNOBS
          .knob("middleware.invoke.connections", KnobTypes.integer(1, 1024), 20)
          .unit("connections")
          .doc("pooled HTTP connections per back-end (Siebel, BRM)")
          .study("AIA: dspInvokeThreads")
          .add();

  public static final Knob<Integer> INVOKE_TIMEOUT =
      KNOBS
          .knob("middleware.invoke.timeoutMillis", KnobTypes.integer(100, 600_000), 30_000)
          .unit("ms")
          .doc("connect and response timeout of one back-end call")
          .add();

  public static final Knob<Integer> INVOKE_RETRIES =
      KNOBS
          .knob("middleware.invoke.retries", KnobTypes.integer(0, 10), 2)
          .unit("retries")
          .doc("retries of a failed back-end call before the order is faulted")
          .add();

  public static final Knob<InstancePersistence> INSTANCE_PERSISTENCE =
      KNOBS
          .knob(
              "middleware.instance.persistence",
              KnobTypes.choice(InstancePersistence.class),
              InstancePersistence.ALWAYS)
          .doc("which process instances are written to process_instance (faulted ones always are)")
          .study("AIA: dehydration, completionPersistPolicy, inMemoryOptimization")
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<StateCompression> INSTANCE_STATE_COMPRESSION =
      KNOBS
          .knob(
              "middleware.instance.stateCompression",
              KnobTypes.choice(StateCompression.class),
              StateCompression.NONE)
          .doc(
              "dehydrated instance state (the order and the payloads gathered) written as it is"
                  + " or gzip-compressed by the middleware: CPU against bytes written")
          .study("AIA: dehydration store")
          .add();

  public static final Knob<AuditLevel> AUDIT_LEVEL =
      KNOBS
          .knob(
              "middleware.audit.level", KnobTypes.choice(AuditLevel.class), AuditLevel.DEVELOPMENT)
          .doc("audit rows per activity: none, one short row, or one row with the payload")
          .study("AIA: auditLevel")
          .add();

  public static final Knob<DeliveryPolicy> DELIVERY_POLICY =
      KNOBS
          .knob(
              "middleware.delivery.policy",
              KnobTypes.choice(DeliveryPolicy.class),
              DeliveryPolicy.ASYNC_PERSIST)
          .doc(
              "hand-off between receipt and processing: in the consumer's transaction, stored in"
                  + " delivery_message first, or in memory to the engine threads")
          .study(Studies.TRANSACTIONS + ": oneWayDeliveryPolicy sync, async.persist, async.cache")
          .tradesDurabilityAt("async.cache")
          .add();

  public static final Knob<Transactions> TRANSACTIONS =
      KNOBS
          .knob("middleware.transactions", KnobTypes.choice(Transactions.class), Transactions.LOCAL)
          .doc(
              "how a stage's broker and database work commit: JMS then JDBC local transactions, or one"
                  + " two-phase XA transaction (Narayana); xa needs db.server.max_prepared_transactions"
                  + " above 0")
          .study(Studies.TRANSACTIONS + ": XA vs non-XA datasource and JMS adapter")
          .add();

  public static final Knob<Integer> JDBC_POOL_SIZE =
      KNOBS
          .knob("middleware.jdbc.poolSize", KnobTypes.integer(1, 500), 10)
          .unit("connections")
          .doc("HikariCP maximum pool size of the middleware's datasource")
          .study("AIA: ORA-12519, JDBC pool size")
          .add();

  public static final Knob<Integer> JDBC_PREPARE_THRESHOLD =
      KNOBS
          .knob("middleware.jdbc.prepareThreshold", KnobTypes.integer(0, 1_000_000), 5)
          .unit("executions")
          .doc("pgjdbc prepareThreshold: executions before a statement is server-prepared; 0 never")
          .study("sort hub: bind variables, parse cost")
          .add();

  public static final Knob<Integer> JDBC_STATEMENT_CACHE =
      KNOBS
          .knob("middleware.jdbc.statementCacheQueries", KnobTypes.integer(0, 100_000), 256)
          .unit("statements")
          .doc("pgjdbc preparedStatementCacheQueries: statements cached per connection")
          .study("sort hub: SESSION_CACHED_CURSORS, statement cache")
          .add();

  public static final Knob<Integer> FETCHERS =
      KNOBS
          .knob("middleware.fetchers", KnobTypes.integer(1, 64), 1)
          .unit("threads")
          .doc(
              "fetchers polling the inbox table, each with the triple below and claiming rows with"
                  + " SKIP LOCKED (intake fetcher)")
          .study(Studies.FETCHER + ", fetcher processes")
          .add();

  public static final Knob<Integer> FETCHER_POLLING =
      KNOBS
          .knob("middleware.fetcher.pollingMillis", KnobTypes.integer(1, 600_000), 1000)
          .unit("ms")
          .doc("pause between two polls of the inbox table (intake fetcher)")
          .study(Studies.FETCHER + ", polling timer")
          .add();

  public static final Knob<Integer> FETCHER_SUBMIT =
      KNOBS
          .knob("middleware.fetcher.submitMillis", KnobTypes.integer(0, 60_000), 0)
          .unit("ms")
          .doc("pause between handing two fetched orders to the engine; 0 none (intake fetcher)")
          .study(Studies.FETCHER + ", submit timer")
          .add();

  public static final Knob<Integer> FETCHER_POOL_SIZE =
      KNOBS
          .knob("middleware.fetcher.poolSize", KnobTypes.integer(1, 10_000), 10)
          .unit("orders")
          .doc("most orders picked by one poll of the inbox table (intake fetcher)")
          .study(Studies.FETCHER + ", pool size")
          .add();

  public static final Knob<Boolean> DIAGNOSTICS =
      KNOBS
          .knob("middleware.diagnostics", KnobTypes.bool(), true)
          .doc("per-message payload logging and stopwatch timing, which allocate on every message")
          .study(Studies.SERVICE_BROKER + ": StopWatch statistics, debug-message (XPathUtil) patch")
          .add();

  public static final Knob<Boolean> METRICS =
      KNOBS
          .knob("middleware.metrics", KnobTypes.bool(), false)
          .doc(
              "the middleware's own meters (Micrometer: its JVM's heap, collections, threads and"
                  + " JIT, the HikariCP pool, the back-ends' HTTP connection pools)"
                  + " for Prometheus at /metrics of its status port, which run --metrics serves"
                  + " as /middleware/metrics; off, nothing is counted")
          .add();

  public static final Knob<Boolean> MESSAGES_PERSISTENT =
      KNOBS
          .knob("middleware.messages.persistent", KnobTypes.bool(), true)
          .doc("messages between stages are sent persistent (journaled by the broker)")
          .study(Studies.BROKER)
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<Integer> BILLING_SERVER_THREADS =
      KNOBS
          .knob("middleware.billing.serverThreads", KnobTypes.integer(1, 1024), 25)
          .unit("threads")
          .doc(
              "HTTP worker threads of the billing-care SOAP service: requests served at once, the"
                  + " others wait in line")
          .study(Studies.BILLING + ", HTTP listener threads")
          .add();

  public static final Knob<Integer> BILLING_BRM_CONNECTIONS =
      KNOBS
          .knob("middleware.billing.brmConnections", KnobTypes.integer(1, 1024), 20)
          .unit("connections")
          .doc(
              "pooled HTTP connections from the billing-care service to BRM (its own pool, apart from"
                  + " invoke.connections)")
          .study(Studies.BILLING + ", invoke threads")
          .add();

  public static final Knob<InstancePersistence> BILLING_INSTANCE_PERSISTENCE =
      KNOBS
          .knob(
              "middleware.billing.instancePersistence",
              KnobTypes.choice(InstancePersistence.class),
              InstancePersistence.ALWAYS)
          .doc(
              "billing-care requests written to process_instance: every one, faulted ones, or none"
                  + " (transient services)")
          .study(Studies.BILLING + ", transient BPEL (inMemoryOptimization)")
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<AuditLevel> BILLING_AUDIT_LEVEL =
      KNOBS
          .knob(
              "middleware.billing.auditLevel",
              KnobTypes.choice(AuditLevel.class),
              AuditLevel.DEVELOPMENT)
          .doc("audit rows per activity of a billing-care request that gets an instance row")
          .study(Studies.BILLING + ", auditLevel")
          .add();

  public static final Knob<Boolean> BILLING_TRACKING =
      KNOBS
          .knob("middleware.billing.tracking", KnobTypes.bool(), true)
          .doc("one request_tracking row per billing-care request")
          .study(Studies.BILLING + ", ESB instance tracking")
          .add();

  public static final Knob<Integer> SORT_SERVER_THREADS =
      KNOBS
          .knob("middleware.sort.serverThreads", KnobTypes.integer(1, 1024), 25)
          .unit("threads")
          .doc(
              "HTTP worker threads of the sort-request service: requests served at once, each in"
                  + " its own transaction on the pool, the others wait in line")
          .study(Studies.SORT + ", server threads")
          .add();

  public static final Knob<ParseIn> SORT_PARSE_IN =
      KNOBS
          .knob("middleware.sort.parseIn", KnobTypes.choice(ParseIn.class), ParseIn.DATABASE)
          .doc(
              "where a sort request's 2,000 characters are cut into fields: in Java (middleware) or"
                  + " by PL/pgSQL functions given the raw string (database, 2 more calls a request)")
          .study(Studies.SORT + ", parse in the middle tier instead of the database")
          .add();

  public static final Knob<SortSql> SORT_SQL =
      KNOBS
          .knob("middleware.sort.sql", KnobTypes.choice(SortSql.class), SortSql.LITERAL)
          .doc(
              "bind: prepared statements with bind parameters; literal: the values written into"
                  + " the SQL text, so every execution is a new statement to parse and plan")
          .study(Studies.SORT + ", bind variables")
          .add();

  public static final Knob<Integer> HEAP =
      KNOBS
          .knob("middleware.jvm.heapMegabytes", KnobTypes.integer(16, 65_536), 1024)
          .unit("MB")
          .doc("maximum heap of the middleware JVM (-Xmx)")
          .study("AIA: JVM heap, GC overhead limit exceeded")
          .add();

  public static final Knob<Integer> INSTANCES =
      KNOBS
          .knob("middleware.instances", KnobTypes.integer(1, 4), 1)
          .unit("JVMs")
          .doc(
              "middleware instances, each its own JVM with every other middleware knob (but"
                  + " middleware.role, which may give each its own), consuming the broker's queues"
                  + " (competing consumers: each queue's consumers multiply) and sharing the"
                  + " database (each its own JDBC pool); billing-care and sort requests spread over"
                  + " the instances that serve them, each JMeter thread keeping the instance its"
                  + " first request took. The observer and the warm-up sum their CPU as the middleware's; /status,"
                  + " JFR and thread dumps are the first instance's")
          .study("AIA: several server instances on one box; a messaging server on 1, 2, 3 nodes")
          .add();

  public static final Knob<Integer> INITIAL_HEAP =
      KNOBS
          .knob("middleware.jvm.initialHeapMegabytes", KnobTypes.integer(0, 65_536), 0)
          .unit("MB")
          .doc(
              "initial heap of the middleware JVM (-Xms); 0: 256 MB or the maximum heap if smaller."
                  + " Equal to the maximum, the heap never grows or shrinks during a run")
          .study("AIA: JVM heap (-Xms equal to -Xmx)")
          .add();

  public static final Knob<Integer> YOUNG =
      KNOBS
          .knob("middleware.jvm.youngMegabytes", KnobTypes.integer(0, 65_536), 0)
          .unit("MB")
          .doc("young generation of the middleware JVM (-Xmn); 0 lets the JVM size it")
          .study("AIA: young generation size")
          .add();

  public static final Knob<Collector> COLLECTOR =
      KNOBS
          .knob("middleware.jvm.collector", KnobTypes.choice(Collector.class), Collector.G1)
          .doc("garbage collector of the middleware JVM (-XX:+UseG1GC, UseParallelGC, UseSerialGC)")
          .study("AIA: ParallelOldGC")
          .add();

  public static final Knob<String> JVM_FLAGS =
      KNOBS
          .knob("middleware.jvm.flags", KnobTypes.text(), "")
          .doc(
              "extra flags of the middleware JVM, space-separated, after the ones above and"
                  + " -XX:+ExitOnOutOfMemoryError (a JVM out of heap exits, and the repetition"
                  + " names it, instead of hanging with its threads dead); the heap, young"
                  + " generation and collector are the knobs' (a rule refuses -Xmx, -Xms, -Xmn"
                  + " and another collector here)")
          .add();

  public static final Knob<Jfr> JFR =
      KNOBS
          .knob("middleware.jvm.jfr", KnobTypes.choice(Jfr.class), Jfr.GC)
          .doc(
              "records the middleware JVM with the JDK Flight Recorder, attached to it right"
                  + " after it starts (nothing on its command line) and on for its life, so the"
                  + " recorder's own start is paid in the warm-up, not in a measured window (a JVM"
                  + " per setting: hence a restart); each repetition is written to middleware.jfr"
                  + " in its folder: gc its collections only, from the repetition's start (gc.json:"
                  + " each pause with its collector, cause, heap before and after, young and old"
                  + " generation after; the GC findings), default or profile the JDK's settings of"
                  + " that name (monitor waits from 1 ms) over the measured window, adding to"
                  + " run.json its hot methods, contended monitors, allocations by class and heap"
                  + " per generation; off records nothing (no gc.json)")
          .study("AIA: visualGC, thread dumps (threads stuck in synchronized logging)")
          .add();

  private static Knob<Integer> consumers(String stage, String queue) {
    return KNOBS
        .knob("middleware.consumers." + stage, KnobTypes.integer(1, 256), 1)
        .unit("threads")
        .doc("JMS receive threads (consumers) on " + queue)
        .study(Studies.RECEIVE_THREADS)
        .add();
  }

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private MiddlewareKnobs() {}
}
