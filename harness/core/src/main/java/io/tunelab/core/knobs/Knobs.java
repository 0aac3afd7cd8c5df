package io.tunelab.core.knobs;

import static io.tunelab.core.knobs.Knob.Apply.LIVE;
import static io.tunelab.core.knobs.Knob.Apply.PER_RUN;
import static io.tunelab.core.knobs.Knob.Apply.RESTART;
import static io.tunelab.core.knobs.KnobTier.BROKER;
import static io.tunelab.core.knobs.KnobTier.DATA;
import static io.tunelab.core.knobs.KnobTier.DB;
import static io.tunelab.core.knobs.KnobTier.LOAD;
import static io.tunelab.core.knobs.KnobTier.MIDDLEWARE;
import static io.tunelab.core.knobs.KnobTier.MOCKS;

import java.util.List;

/**
 * Every knob of the stack tiers, declared once. The reference page {@code docs/knobs.md} and {@code
 * tunelab knobs} are generated from here.
 */
public final class Knobs {
  private Knobs() {}

  /** Prefix of the middleware's knobs; the rest of a settings knob's name is its settings key. */
  public static final String MIDDLEWARE_PREFIX = "middleware.";

  /**
   * Prefix of the workload knobs; an experiment's {@code workload:} section names them without it.
   */
  public static final String WORKLOAD_PREFIX = "workload.";

  private static final String AIA_DB = "AIA order-to-bill: database tuning";
  private static final String AIA_XREF = "AIA order-to-bill: missing XREF_DATA index";
  private static final String BROKER_STUDY = "AIA order-to-bill: AQ/JMS persistence";
  private static final String WHAT_IF = "AIA billing-care: BRM latency what-if";
  private static final String RECEIVE_THREADS = "AIA: adapter.jms.receive.threads";
  private static final String FETCHER = "Service Broker: fetcher intake triple";
  private static final String BILLING = "AIA billing-care: ESB/BPEL sync services";

  // --- db: PostgreSQL server settings (a change restarts the server) ---
  public static final Knob<String> DB_BINARIES =
      new Knob<>(
          "db.binaries",
          KnobTypes.choice("auto", "system", "zonky"),
          "auto",
          "",
          DB,
          RESTART,
          "PostgreSQL binaries: the system's (TUNELAB_PG_BIN, pg_config), zonky's from Maven"
              + " Central, or auto (system if found)",
          "");
  public static final Knob<Integer> DB_MAX_CONNECTIONS =
      new Knob<>(
          "db.server.max_connections",
          KnobTypes.integer(5, 10_000),
          100,
          "connections",
          DB,
          RESTART,
          "max_connections: sessions the server accepts; too few refuse connections under load",
          "AIA: ORA-12519, PROCESSES/SESSIONS");
  public static final Knob<String> DB_SHARED_BUFFERS =
      new Knob<>(
          "db.server.shared_buffers",
          KnobTypes.size(),
          "128MB",
          "",
          DB,
          RESTART,
          "shared_buffers: the server's page cache",
          "AIA: SGA / shared pool size");
  public static final Knob<String> DB_SYNCHRONOUS_COMMIT =
      new Knob<>(
          "db.server.synchronous_commit",
          KnobTypes.choice("on", "off", "local", "remote_write", "remote_apply"),
          "on",
          "",
          DB,
          RESTART,
          "synchronous_commit: whether a commit waits for its WAL flush (off trades durability of"
              + " the last commits for latency)",
          "AIA: log file sync waits");
  public static final Knob<String> DB_MAX_WAL_SIZE =
      new Knob<>(
          "db.server.max_wal_size",
          KnobTypes.size(),
          "1GB",
          "",
          DB,
          RESTART,
          "max_wal_size: WAL volume between checkpoints",
          "AIA: redo log size");
  public static final Knob<String> DB_CHECKPOINT_TIMEOUT =
      new Knob<>(
          "db.server.checkpoint_timeout",
          KnobTypes.duration(),
          "5min",
          "",
          DB,
          RESTART,
          "checkpoint_timeout: time between automatic checkpoints",
          "AIA: checkpoints");
  public static final Knob<Boolean> DB_FSYNC =
      new Knob<>(
          "db.server.fsync",
          KnobTypes.bool(),
          true,
          "",
          DB,
          RESTART,
          "fsync: whether the server forces writes to disk; off is unsafe and only shows the cost",
          "");
  public static final Knob<Integer> DB_MAX_PREPARED_TRANSACTIONS =
      new Knob<>(
          "db.server.max_prepared_transactions",
          KnobTypes.integer(0, 10_000),
          0,
          "transactions",
          DB,
          RESTART,
          "max_prepared_transactions: two-phase commits in flight; XA needs it above 0",
          "AIA: XA vs non-XA datasource");
  public static final Knob<String> DB_SHARED_PRELOAD_LIBRARIES =
      new Knob<>(
          "db.server.shared_preload_libraries",
          KnobTypes.text(),
          "pg_stat_statements",
          "",
          DB,
          RESTART,
          "shared_preload_libraries: pg_stat_statements feeds the top-SQL view",
          "AIA: AWR top SQL");

  // --- data: database content, applied before each run ---
  public static final Knob<Integer> DB_SEED_CUSTOMERS =
      new Knob<>(
          "db.seed.customers",
          KnobTypes.integer(1, 1_000_000),
          1000,
          "customers",
          DATA,
          PER_RUN,
          "customers seeded (with accounts and xref rows), deterministically",
          "AIA: 1,000 customers");
  public static final Knob<Boolean> DB_XREF_INDEX =
      new Knob<>(
          "db.xrefIndex",
          KnobTypes.bool(),
          false,
          "",
          DATA,
          PER_RUN,
          "the xref_data lookup indexes (table, column, row number / value)",
          AIA_XREF);
  public static final Knob<Boolean> DB_PURGE =
      new Knob<>(
          "db.purge",
          KnobTypes.bool(),
          true,
          "",
          DATA,
          PER_RUN,
          "delete transactional rows and waiting broker messages before a run, keep setup rows",
          AIA_DB);
  public static final Knob<Boolean> DB_ANALYZE =
      new Knob<>(
          "db.analyze",
          KnobTypes.bool(),
          false,
          "",
          DATA,
          PER_RUN,
          "gather planner statistics (ANALYZE) before a run",
          "AIA: DBMS_STATS before each run");

  // --- broker: Artemis (a change restarts the broker) ---
  public static final Knob<Boolean> BROKER_PERSISTENCE =
      new Knob<>(
          "broker.persistence",
          KnobTypes.bool(),
          true,
          "",
          BROKER,
          RESTART,
          "whether the broker journals messages at all",
          BROKER_STUDY);
  public static final Knob<String> BROKER_JOURNAL_TYPE =
      new Knob<>(
          "broker.journal.type",
          KnobTypes.choice("ASYNCIO", "NIO", "MAPPED"),
          "ASYNCIO",
          "",
          BROKER,
          RESTART,
          "journal implementation asked for; the one in use is reported (ASYNCIO falls back to"
              + " NIO without libaio)",
          BROKER_STUDY);
  public static final Knob<Boolean> BROKER_SYNC_TRANSACTIONAL =
      new Knob<>(
          "broker.journal.syncTransactional",
          KnobTypes.bool(),
          true,
          "",
          BROKER,
          RESTART,
          "a transaction commit waits for the journal sync",
          BROKER_STUDY);
  public static final Knob<Boolean> BROKER_SYNC_NON_TRANSACTIONAL =
      new Knob<>(
          "broker.journal.syncNonTransactional",
          KnobTypes.bool(),
          true,
          "",
          BROKER,
          RESTART,
          "a durable send or ack outside a transaction waits for the journal sync",
          BROKER_STUDY);
  public static final Knob<Integer> BROKER_REDELIVERY_DELAY =
      new Knob<>(
          "broker.redelivery.delayMillis",
          KnobTypes.integer(0, 3_600_000),
          0,
          "ms",
          BROKER,
          RESTART,
          "delay before a rolled-back message is delivered again",
          "");
  public static final Knob<Integer> BROKER_MAX_DELIVERY_ATTEMPTS =
      new Knob<>(
          "broker.redelivery.maxAttempts",
          KnobTypes.integer(1, 1000),
          5,
          "deliveries",
          BROKER,
          RESTART,
          "deliveries of a message before it goes to the dead-letter queue DLQ",
          "");
  public static final Knob<Integer> BROKER_HEAP =
      new Knob<>(
          "broker.jvm.heapMegabytes",
          KnobTypes.integer(64, 65_536),
          1024,
          "MB",
          BROKER,
          RESTART,
          "maximum heap of the broker JVM (-Xmx)",
          "");
  public static final Knob<String> BROKER_JVM_FLAGS =
      new Knob<>(
          "broker.jvm.flags",
          KnobTypes.text(),
          "",
          "",
          BROKER,
          RESTART,
          "extra flags of the broker JVM, space-separated",
          "");

  // --- mocks: WireMock Siebel and BRM ---
  public static final Knob<Integer> MOCKS_CONTAINER_THREADS =
      new Knob<>(
          "mocks.containerThreads",
          KnobTypes.integer(10, 5000),
          100,
          "threads",
          MOCKS,
          RESTART,
          "Jetty threads per mock (WireMock's default 25 caps throughput under long delays)",
          "");
  public static final Knob<Boolean> MOCKS_ASYNC_RESPONSES =
      new Knob<>(
          "mocks.asyncResponses",
          KnobTypes.bool(),
          true,
          "",
          MOCKS,
          RESTART,
          "delayed answers are scheduled instead of holding a Jetty thread",
          "");
  public static final Knob<Latency> MOCKS_SIEBEL_LATENCY =
      new Knob<>(
          "mocks.siebel.latency",
          KnobTypes.latency(),
          Latency.NONE,
          "ms",
          MOCKS,
          LIVE,
          "delay of every Siebel answer: 500, uniform:400..600 or lognormal:500:0.25",
          "AIA order-to-bill: mock latency");
  public static final Knob<Latency> MOCKS_BRM_LATENCY =
      new Knob<>(
          "mocks.brm.latency",
          KnobTypes.latency(),
          Latency.NONE,
          "ms",
          MOCKS,
          LIVE,
          "delay of every BRM answer: 500, uniform:400..600 or lognormal:500:0.25",
          WHAT_IF);
  public static final Knob<Double> MOCKS_SIEBEL_FAULT_RATE =
      new Knob<>(
          "mocks.siebel.faultRate",
          KnobTypes.decimal(0, 1),
          0.0,
          "share",
          MOCKS,
          LIVE,
          "share of Siebel requests answered with a SOAP Fault",
          "");
  public static final Knob<Double> MOCKS_BRM_FAULT_RATE =
      new Knob<>(
          "mocks.brm.faultRate",
          KnobTypes.decimal(0, 1),
          0.0,
          "share",
          MOCKS,
          LIVE,
          "share of BRM requests answered with a SOAP Fault",
          "");
  public static final Knob<Integer> MOCKS_HEAP =
      new Knob<>(
          "mocks.jvm.heapMegabytes",
          KnobTypes.integer(64, 65_536),
          512,
          "MB",
          MOCKS,
          RESTART,
          "maximum heap of the mocks JVM (-Xmx)",
          "");

  // --- middleware: the reference middleware's settings file and JVM (a change restarts it) ---
  public static final Knob<String> MIDDLEWARE_INTAKE =
      middleware(
          "intake",
          KnobTypes.choice("jms", "fetcher"),
          "jms",
          "",
          "how orders enter: consumers on the intake queue (jms) or the inbox table fetcher",
          "AIA: AQ queue vs fetcher processes");
  public static final Knob<Integer> MIDDLEWARE_CONSUMERS_INTAKE =
      consumers("intake", "the intake queue");
  public static final Knob<Integer> MIDDLEWARE_CONSUMERS_ORCHESTRATION =
      consumers("orchestration", "the orchestration queue");
  public static final Knob<Integer> MIDDLEWARE_CONSUMERS_CREATE_CUSTOMER =
      consumers("createCustomer", "the create-customer queue");
  public static final Knob<Integer> MIDDLEWARE_CONSUMERS_CREATE_SUBSCRIPTIONS =
      consumers("createSubscriptions", "the create-subscriptions queue");
  public static final Knob<Integer> MIDDLEWARE_CONSUMERS_UPDATE_CRM =
      consumers("updateCrm", "the update-crm queue");
  public static final Knob<Integer> MIDDLEWARE_CONSUMER_WINDOW =
      middleware(
          "consumer.windowBytes",
          KnobTypes.integer(-1, 64 * 1024 * 1024),
          1024 * 1024,
          "bytes",
          "Artemis consumer window (prefetch) per consumer; -1 unbounded, 0 none",
          "");
  public static final Knob<Integer> MIDDLEWARE_ENGINE_THREADS =
      middleware(
          "engine.threads",
          KnobTypes.integer(1, 512),
          4,
          "threads",
          "worker threads processing handed-off messages (async delivery policies)",
          "AIA: dspEngineThreads");
  public static final Knob<Integer> MIDDLEWARE_INVOKE_CONNECTIONS =
      middleware(
          "invoke.connections",
          KnobTypes.integer(1, 1024),
          20,
          "connections",
          "pooled HTTP connections per back-end (Siebel, BRM)",
          "AIA: dspInvokeThreads");
  public static final Knob<Integer> MIDDLEWARE_INVOKE_TIMEOUT =
      middleware(
          "invoke.timeoutMillis",
          KnobTypes.integer(100, 600_000),
          30_000,
          "ms",
          "connect and response timeout of one back-end call",
          "");
  public static final Knob<Integer> MIDDLEWARE_INVOKE_RETRIES =
      middleware(
          "invoke.retries",
          KnobTypes.integer(0, 10),
          2,
          "retries",
          "retries of a failed back-end call before the order is faulted",
          "");
  public static final Knob<String> MIDDLEWARE_INSTANCE_PERSISTENCE =
      middleware(
          "instance.persistence",
          KnobTypes.choice("always", "faulted", "off"),
          "always",
          "",
          "which process instances are written to process_instance (faulted ones always are)",
          "AIA: dehydration, completionPersistPolicy, inMemoryOptimization");
  public static final Knob<String> MIDDLEWARE_AUDIT_LEVEL =
      middleware(
          "audit.level",
          KnobTypes.choice("off", "production", "development"),
          "development",
          "",
          "audit rows per activity: none, one short row, or one row with the payload",
          "AIA: auditLevel");
  public static final Knob<String> MIDDLEWARE_DELIVERY_POLICY =
      middleware(
          "delivery.policy",
          KnobTypes.choice("sync", "async.persist", "async.cache"),
          "async.persist",
          "",
          "hand-off between receipt and processing: in the consumer's transaction, stored in"
              + " delivery_message first, or in memory to the engine threads",
          "AIA: oneWayDeliveryPolicy");
  public static final Knob<String> MIDDLEWARE_TRANSACTIONS =
      middleware(
          "transactions",
          KnobTypes.choice("local", "xa"),
          "local",
          "",
          "how a stage's broker and database work commit: JMS then JDBC local transactions, or one"
              + " two-phase XA transaction (Narayana); xa needs db.server.max_prepared_transactions"
              + " above 0",
          "AIA transaction semantics: XA vs non-XA datasource and JMS adapter");
  public static final Knob<Integer> MIDDLEWARE_JDBC_POOL_SIZE =
      middleware(
          "jdbc.poolSize",
          KnobTypes.integer(1, 500),
          10,
          "connections",
          "HikariCP maximum pool size of the middleware's datasource",
          "AIA: ORA-12519, JDBC pool size");
  public static final Knob<Integer> MIDDLEWARE_JDBC_PREPARE_THRESHOLD =
      middleware(
          "jdbc.prepareThreshold",
          KnobTypes.integer(0, 1_000_000),
          5,
          "executions",
          "pgjdbc prepareThreshold: executions before a statement is server-prepared; 0 never",
          "sort hub: bind variables, parse cost");
  public static final Knob<Integer> MIDDLEWARE_JDBC_STATEMENT_CACHE =
      middleware(
          "jdbc.statementCacheQueries",
          KnobTypes.integer(0, 100_000),
          256,
          "statements",
          "pgjdbc preparedStatementCacheQueries: statements cached per connection",
          "sort hub: SESSION_CACHED_CURSORS, statement cache");
  public static final Knob<Integer> MIDDLEWARE_FETCHER_POLLING =
      middleware(
          "fetcher.pollingMillis",
          KnobTypes.integer(1, 600_000),
          1000,
          "ms",
          "pause between two polls of the inbox table (intake fetcher)",
          FETCHER + ", polling timer");
  public static final Knob<Integer> MIDDLEWARE_FETCHER_SUBMIT =
      middleware(
          "fetcher.submitMillis",
          KnobTypes.integer(0, 60_000),
          0,
          "ms",
          "pause between handing two fetched orders to the engine; 0 none (intake fetcher)",
          FETCHER + ", submit timer");
  public static final Knob<Integer> MIDDLEWARE_FETCHER_POOL_SIZE =
      middleware(
          "fetcher.poolSize",
          KnobTypes.integer(1, 10_000),
          10,
          "orders",
          "most orders picked by one poll of the inbox table (intake fetcher)",
          FETCHER + ", pool size");
  public static final Knob<Boolean> MIDDLEWARE_DIAGNOSTICS =
      middleware(
          "diagnostics",
          KnobTypes.bool(),
          true,
          "",
          "per-message payload logging and stopwatch timing, which allocate on every message",
          "AIA: StopWatch statistics, LogService debug messages");
  public static final Knob<Boolean> MIDDLEWARE_MESSAGES_PERSISTENT =
      middleware(
          "messages.persistent",
          KnobTypes.bool(),
          true,
          "",
          "messages between stages are sent persistent (journaled by the broker)",
          BROKER_STUDY);
  public static final Knob<Integer> MIDDLEWARE_BILLING_SERVER_THREADS =
      middleware(
          "billing.serverThreads",
          KnobTypes.integer(1, 1024),
          25,
          "threads",
          "HTTP worker threads of the billing-care SOAP service: requests served at once, the"
              + " others wait in line",
          BILLING + ", HTTP listener threads");
  public static final Knob<Integer> MIDDLEWARE_BILLING_BRM_CONNECTIONS =
      middleware(
          "billing.brmConnections",
          KnobTypes.integer(1, 1024),
          20,
          "connections",
          "pooled HTTP connections from the billing-care service to BRM (its own pool, apart from"
              + " invoke.connections)",
          BILLING + ", invoke threads");
  public static final Knob<String> MIDDLEWARE_BILLING_INSTANCE_PERSISTENCE =
      middleware(
          "billing.instancePersistence",
          KnobTypes.choice("always", "faulted", "off"),
          "always",
          "",
          "billing-care requests written to process_instance: every one, faulted ones, or none"
              + " (transient services)",
          BILLING + ", transient BPEL (inMemoryOptimization)");
  public static final Knob<String> MIDDLEWARE_BILLING_AUDIT_LEVEL =
      middleware(
          "billing.auditLevel",
          KnobTypes.choice("off", "production", "development"),
          "development",
          "",
          "audit rows per activity of a billing-care request that gets an instance row",
          BILLING + ", auditLevel");
  public static final Knob<Boolean> MIDDLEWARE_BILLING_TRACKING =
      middleware(
          "billing.tracking",
          KnobTypes.bool(),
          true,
          "",
          "one request_tracking row per billing-care request",
          BILLING + ", ESB instance tracking");
  public static final Knob<Integer> MIDDLEWARE_HEAP =
      middleware(
          "jvm.heapMegabytes",
          KnobTypes.integer(64, 65_536),
          1024,
          "MB",
          "maximum heap of the middleware JVM (-Xmx)",
          "AIA: JVM heap, GC overhead limit exceeded");
  public static final Knob<Integer> MIDDLEWARE_YOUNG =
      middleware(
          "jvm.youngMegabytes",
          KnobTypes.integer(0, 65_536),
          0,
          "MB",
          "young generation of the middleware JVM (-Xmn); 0 lets the JVM size it",
          "AIA: young generation size");
  public static final Knob<String> MIDDLEWARE_COLLECTOR =
      middleware(
          "jvm.collector",
          KnobTypes.choice("g1", "parallel", "serial"),
          "g1",
          "",
          "garbage collector of the middleware JVM (-XX:+UseG1GC, UseParallelGC, UseSerialGC)",
          "AIA: ParallelOldGC");
  public static final Knob<String> MIDDLEWARE_JVM_FLAGS =
      middleware(
          "jvm.flags",
          KnobTypes.text(),
          "",
          "",
          "extra flags of the middleware JVM, space-separated, after the ones above",
          "");

  // --- workload: the load plan's properties, applied to each run (no restart) ---
  public static final Knob<Integer> WORKLOAD_ORDERS =
      workload(
          "orders",
          KnobTypes.integer(1, 100_000_000),
          500,
          "orders",
          "batch-order: orders in the measured batch of each repetition",
          "AIA order-to-bill: 500-order batches");
  public static final Knob<Integer> WORKLOAD_WARMUP_ORDERS =
      workload(
          "warmupOrders",
          KnobTypes.integer(0, 100_000_000),
          50,
          "orders",
          "batch-order: the fewest orders a warm-up settles before it may end; it goes on, batch"
              + " by batch, until the throughput is steady (workload.steady*); 0 turns the warm-up"
              + " off; never measured",
          "");
  public static final Knob<String> WORKLOAD_WARMUP_BEFORE =
      workload(
          "warmupBefore",
          KnobTypes.choice("every-repetition", "first-repetition"),
          "first-repetition",
          "",
          "warm up before every repetition, or before a step's first and whenever the middleware"
              + " JVM is new (a step's later repetitions follow a warm one)",
          "");
  public static final Knob<Integer> WORKLOAD_WARMUP_MAX_ORDERS =
      workload(
          "warmupMaxOrders",
          KnobTypes.integer(1, 100_000_000),
          10_000,
          "orders",
          "batch-order: the most orders a warm-up sends before its repetitions get the verdict"
              + " 'no steady state'",
          "");
  public static final Knob<Integer> WORKLOAD_WARMUP_MAX_SECONDS =
      workload(
          "warmupMaxSeconds",
          KnobTypes.integer(1, 86_400),
          300,
          "s",
          "the longest a warm-up runs before its repetitions get the verdict 'no steady state'",
          "");
  public static final Knob<Integer> WORKLOAD_WARMUP_BATCH_ORDERS =
      workload(
          "warmupBatchOrders",
          KnobTypes.integer(0, 100_000_000),
          0,
          "orders",
          "batch-order: orders per warm-up batch; 0: as many as a measured batch (the same"
              + " drain, so its throughput compares best; smaller batches warm up sooner but judge"
              + " noisier)",
          "");
  public static final Knob<Integer> WORKLOAD_STEADY_BATCHES =
      workload(
          "steadyBatches",
          KnobTypes.integer(2, 1_000),
          3,
          "batches",
          "how many consecutive warm-up batches (batch-order) or rounds (concurrent-soap) must"
              + " agree for the throughput to be steady",
          "Georges et al. 2007: CoV of the last k iterations");
  public static final Knob<Double> WORKLOAD_STEADY_TOLERANCE =
      workload(
          "steadyTolerancePercent",
          KnobTypes.decimal(0.1, 50),
          10.0,
          "%",
          "steady when the last warm-up batches' (or rounds') throughputs vary (CV) and trend by"
              + " at most this",
          "");
  public static final Knob<Double> WORKLOAD_MAX_STEAL_PERCENT =
      workload(
          "maxStealPercent",
          KnobTypes.decimal(0, 100),
          10.0,
          "%",
          "on a VM, the most hypervisor steal (CPU given to other guests, % of the machine) a"
              + " measured repetition or warm-up batch may see; one with more is disturbed: left"
              + " out of the statistics and measured again",
          "");
  public static final Knob<String> WORKLOAD_MODE =
      workload(
          "mode",
          KnobTypes.choice("backlog", "stream", "rate"),
          "backlog",
          "",
          "batch-order: backlog (the batch is enqueued with delivery paused, then released and the"
              + " drain timed: the load tier is out of the measured window, latency is mostly queue"
              + " wait), stream (sent as fast as the publishers go while the middleware consumes),"
              + " rate (sent at workload.arrivalsPerMinute; latency from each order's due time)",
          "OpenMessaging Benchmark: backlog, then drain");
  public static final Knob<Integer> WORKLOAD_MIN_MEASURED_SECONDS =
      workload(
          "minMeasuredSeconds",
          KnobTypes.integer(0, 86_400),
          10,
          "s",
          "batch-order: the measured batch grows beyond workload.orders until its steady window"
              + " should last this long at the rate the warm-up (or the previous repetition)"
              + " reached",
          "");
  public static final Knob<Integer> WORKLOAD_THREADS =
      workload(
          "threads",
          KnobTypes.integer(1, 256),
          2,
          "threads",
          "batch-order: publisher threads, each with its own JMS connection; concurrent-soap:"
              + " concurrent CRM users of the closed model (the open model's warm-up only)",
          "AIA billing-care: 20 concurrent users");
  public static final Knob<String> WORKLOAD_MIX =
      workload(
          "mix",
          KnobTypes.pattern(
              "mix", "weights small:medium:large such as 1:1:1", "\\d{1,6}:\\d{1,6}:\\d{1,6}"),
          "1:1:1",
          "",
          "batch-order: relative weights of small (2 lines), medium (10) and large (40 lines) orders",
          "AIA order-to-bill: small, medium and large orders");
  public static final Knob<Integer> WORKLOAD_NEW_CUSTOMER_PERCENT =
      workload(
          "newCustomerPercent",
          KnobTypes.integer(0, 100),
          20,
          "%",
          "batch-order: share of orders for customers new to BRM (CreateCustomer, not SyncCustomer)",
          "");
  public static final Knob<Integer> WORKLOAD_SEED =
      workload(
          "seed",
          KnobTypes.integer(0, Integer.MAX_VALUE),
          42,
          "",
          "batch-order: seed of the orders' sizes, customers and products (same seed, same orders)",
          "");
  public static final Knob<Boolean> WORKLOAD_PERSISTENT =
      workload(
          "persistent",
          KnobTypes.bool(),
          true,
          "",
          "batch-order: the load plan sends orders as persistent JMS messages",
          BROKER_STUDY);
  public static final Knob<Double> WORKLOAD_MAX_ERROR_PERCENT =
      workload(
          "maxErrorPercent",
          KnobTypes.decimal(0, 100),
          0.0,
          "%",
          "most faulted or unsent orders (% of the batch), or failed requests (% of the"
              + " requests), a valid repetition may have; raise it when faults are injected",
          "");
  public static final Knob<Integer> WORKLOAD_DRAIN_TIMEOUT =
      workload(
          "drainTimeoutSeconds",
          KnobTypes.integer(1, 86_400),
          60,
          "s",
          "batch-order: how long a batch may go without an order settling before the rest are lost",
          "");

  public static final Knob<String> WORKLOAD_MODEL =
      workload(
          "model",
          KnobTypes.choice("closed", "open"),
          "closed",
          "",
          "concurrent-soap: closed (threads x loops, each user waits for its answer) or open"
              + " (customers arrive at workload.arrivalsPerMinute whatever the answers take)",
          "");
  public static final Knob<Integer> WORKLOAD_LOOPS =
      workload(
          "loops",
          KnobTypes.integer(1, 100_000_000),
          50,
          "loops",
          "concurrent-soap, closed model: iterations per user, each the three queries about the"
              + " next customer of the CSV",
          "AIA billing-care: 500 requests per thread per query");
  public static final Knob<Integer> WORKLOAD_RAMP_UP =
      workload(
          "rampUpSeconds",
          KnobTypes.integer(0, 86_400),
          0,
          "s",
          "concurrent-soap, closed model: seconds until every user has started",
          "");
  public static final Knob<Integer> WORKLOAD_ARRIVALS_PER_MINUTE =
      workload(
          "arrivalsPerMinute",
          KnobTypes.integer(1, 6_000_000),
          600,
          "arrivals/min",
          "target arrival rate: concurrent-soap open model, customers (three requests each);"
              + " batch-order rate mode, orders",
          "");
  public static final Knob<Integer> WORKLOAD_DURATION =
      workload(
          "durationSeconds",
          KnobTypes.integer(1, 86_400),
          60,
          "s",
          "concurrent-soap, open model: how long customers arrive in the measured run",
          "");
  public static final Knob<Integer> WORKLOAD_WARMUP_LOOPS =
      workload(
          "warmupLoops",
          KnobTypes.integer(0, 100_000_000),
          5,
          "loops",
          "concurrent-soap: iterations per user (workload.threads, closed model) in each warm-up"
              + " round, rounds until the throughput is steady; never measured, in no statistic;"
              + " 0: no warm-up",
          "");

  public static final Knob<Integer> WORKLOAD_RESPONSE_TIMEOUT =
      workload(
          "responseTimeoutMillis",
          KnobTypes.integer(100, 600_000),
          30_000,
          "ms",
          "concurrent-soap: a request unanswered after this fails (no user hangs); the open model"
              + " also waits this long after its last arrival",
          "");

  private static <T> Knob<T> workload(
      String key, KnobType<T> type, T defaultValue, String unit, String doc, String study) {
    return new Knob<>(WORKLOAD_PREFIX + key, type, defaultValue, unit, LOAD, PER_RUN, doc, study);
  }

  private static <T> Knob<T> middleware(
      String key, KnobType<T> type, T defaultValue, String unit, String doc, String study) {
    return new Knob<>(
        MIDDLEWARE_PREFIX + key, type, defaultValue, unit, MIDDLEWARE, RESTART, doc, study);
  }

  private static Knob<Integer> consumers(String stage, String queue) {
    return middleware(
        "consumers." + stage,
        KnobTypes.integer(1, 256),
        1,
        "threads",
        "JMS receive threads (consumers) on " + queue,
        RECEIVE_THREADS);
  }

  /** Every declared knob, in the order of the reference page. */
  public static final List<Knob<?>> ALL =
      List.of(
          DB_BINARIES,
          DB_MAX_CONNECTIONS,
          DB_SHARED_BUFFERS,
          DB_SYNCHRONOUS_COMMIT,
          DB_MAX_WAL_SIZE,
          DB_CHECKPOINT_TIMEOUT,
          DB_FSYNC,
          DB_MAX_PREPARED_TRANSACTIONS,
          DB_SHARED_PRELOAD_LIBRARIES,
          DB_SEED_CUSTOMERS,
          DB_XREF_INDEX,
          DB_PURGE,
          DB_ANALYZE,
          BROKER_PERSISTENCE,
          BROKER_JOURNAL_TYPE,
          BROKER_SYNC_TRANSACTIONAL,
          BROKER_SYNC_NON_TRANSACTIONAL,
          BROKER_REDELIVERY_DELAY,
          BROKER_MAX_DELIVERY_ATTEMPTS,
          BROKER_HEAP,
          BROKER_JVM_FLAGS,
          MOCKS_CONTAINER_THREADS,
          MOCKS_ASYNC_RESPONSES,
          MOCKS_SIEBEL_LATENCY,
          MOCKS_BRM_LATENCY,
          MOCKS_SIEBEL_FAULT_RATE,
          MOCKS_BRM_FAULT_RATE,
          MOCKS_HEAP,
          MIDDLEWARE_INTAKE,
          MIDDLEWARE_CONSUMERS_INTAKE,
          MIDDLEWARE_CONSUMERS_ORCHESTRATION,
          MIDDLEWARE_CONSUMERS_CREATE_CUSTOMER,
          MIDDLEWARE_CONSUMERS_CREATE_SUBSCRIPTIONS,
          MIDDLEWARE_CONSUMERS_UPDATE_CRM,
          MIDDLEWARE_CONSUMER_WINDOW,
          MIDDLEWARE_ENGINE_THREADS,
          MIDDLEWARE_INVOKE_CONNECTIONS,
          MIDDLEWARE_INVOKE_TIMEOUT,
          MIDDLEWARE_INVOKE_RETRIES,
          MIDDLEWARE_INSTANCE_PERSISTENCE,
          MIDDLEWARE_AUDIT_LEVEL,
          MIDDLEWARE_DELIVERY_POLICY,
          MIDDLEWARE_TRANSACTIONS,
          MIDDLEWARE_JDBC_POOL_SIZE,
          MIDDLEWARE_JDBC_PREPARE_THRESHOLD,
          MIDDLEWARE_JDBC_STATEMENT_CACHE,
          MIDDLEWARE_FETCHER_POLLING,
          MIDDLEWARE_FETCHER_SUBMIT,
          MIDDLEWARE_FETCHER_POOL_SIZE,
          MIDDLEWARE_DIAGNOSTICS,
          MIDDLEWARE_MESSAGES_PERSISTENT,
          MIDDLEWARE_BILLING_SERVER_THREADS,
          MIDDLEWARE_BILLING_BRM_CONNECTIONS,
          MIDDLEWARE_BILLING_INSTANCE_PERSISTENCE,
          MIDDLEWARE_BILLING_AUDIT_LEVEL,
          MIDDLEWARE_BILLING_TRACKING,
          MIDDLEWARE_HEAP,
          MIDDLEWARE_YOUNG,
          MIDDLEWARE_COLLECTOR,
          MIDDLEWARE_JVM_FLAGS,
          WORKLOAD_ORDERS,
          WORKLOAD_WARMUP_ORDERS,
          WORKLOAD_WARMUP_BEFORE,
          WORKLOAD_WARMUP_MAX_ORDERS,
          WORKLOAD_WARMUP_MAX_SECONDS,
          WORKLOAD_WARMUP_BATCH_ORDERS,
          WORKLOAD_STEADY_BATCHES,
          WORKLOAD_STEADY_TOLERANCE,
          WORKLOAD_MAX_STEAL_PERCENT,
          WORKLOAD_MODE,
          WORKLOAD_MIN_MEASURED_SECONDS,
          WORKLOAD_THREADS,
          WORKLOAD_MIX,
          WORKLOAD_NEW_CUSTOMER_PERCENT,
          WORKLOAD_SEED,
          WORKLOAD_PERSISTENT,
          WORKLOAD_MAX_ERROR_PERCENT,
          WORKLOAD_DRAIN_TIMEOUT,
          WORKLOAD_MODEL,
          WORKLOAD_LOOPS,
          WORKLOAD_RAMP_UP,
          WORKLOAD_ARRIVALS_PER_MINUTE,
          WORKLOAD_DURATION,
          WORKLOAD_WARMUP_LOOPS,
          WORKLOAD_RESPONSE_TIMEOUT);
}
