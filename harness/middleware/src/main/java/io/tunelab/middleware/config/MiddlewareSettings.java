package io.tunelab.middleware.config;

import io.tunelab.middleware.Stage;
import java.util.Map;

/**
 * Everything the middleware process is told, read strictly from one properties file (see {@link
 * SettingsReader}); the keys are the record components' names as listed in {@link SettingsReader}.
 *
 * @param dbUrl JDBC URL of the tunelab database
 * @param brokerUrl Artemis core URL, e.g. {@code tcp://127.0.0.1:61616}
 * @param siebelUrl root URL of the Siebel CRM (mock)
 * @param brmUrl root URL of Oracle BRM (mock)
 * @param driverUrl root URL of the device driver (mock) the messaging server drives; empty when the
 *     stack has none, and then the messaging server does not start
 * @param httpPort port of the status endpoint on 127.0.0.1; 0 picks a free one
 * @param intake how orders enter: push consumers on the intake queue, or the inbox fetcher
 * @param role which flows this JVM serves: all, the queue-driven ones only, or the SOAP services
 *     only
 * @param consumers JMS receive threads per stage queue
 * @param consumerWindowBytes Artemis consumer window (prefetch) in bytes; -1 unbounded, 0 none
 * @param engineThreads worker threads that process handed-off messages (async delivery policies)
 * @param invokeConnections pooled HTTP connections per back-end
 * @param invokeTimeoutMillis connect and response timeout of one back-end call
 * @param invokeRetries retries of a failed back-end call before the order is faulted
 * @param instancePersistence which process instances are written to {@code process_instance}
 * @param stateCompression whether the dehydrated instance state is gzip-compressed before it is
 *     written
 * @param auditLevel how much audit trail is written per activity
 * @param deliveryPolicy hand-off between a message's receipt and its processing
 * @param transactions how a stage's broker and database work commit together: local transactions
 *     one after the other, or one two-phase (XA) transaction
 * @param jdbcPoolSize HikariCP maximum pool size
 * @param jdbcPrepareThreshold pgjdbc {@code prepareThreshold}: executions before a statement is
 *     server-prepared; 0 never
 * @param jdbcStatementCacheQueries pgjdbc {@code preparedStatementCacheQueries} per connection
 * @param fetcher the inbox fetcher triple, used when {@code intake} is {@code fetcher}
 * @param diagnostics per-message payload logging and stopwatch timing, as in the studies
 * @param metrics the middleware's meters for Prometheus at {@code /metrics} of its status port
 * @param messagesPersistent whether messages between stages are sent persistent
 * @param redeliveryMaxAttempts the broker's deliveries before dead-lettering: on the last one a
 *     message that still fails is recorded as a faulted order before the broker moves it to the DLQ
 * @param billing the synchronous billing-care SOAP service
 * @param messaging the queue messaging server of the messaging plan
 * @param sort the sort-request service of the sort hub
 */
public record MiddlewareSettings(
    String dbUrl,
    String dbUser,
    String dbPassword,
    String brokerUrl,
    String brokerUser,
    String brokerPassword,
    String siebelUrl,
    String brmUrl,
    String driverUrl,
    int httpPort,
    Intake intake,
    Role role,
    Map<Stage, Integer> consumers,
    int consumerWindowBytes,
    int engineThreads,
    int invokeConnections,
    int invokeTimeoutMillis,
    int invokeRetries,
    InstancePersistence instancePersistence,
    StateCompression stateCompression,
    AuditLevel auditLevel,
    DeliveryPolicy deliveryPolicy,
    Transactions transactions,
    int jdbcPoolSize,
    int jdbcPrepareThreshold,
    int jdbcStatementCacheQueries,
    Fetcher fetcher,
    boolean diagnostics,
    boolean metrics,
    boolean messagesPersistent,
    int redeliveryMaxAttempts,
    Billing billing,
    Messaging messaging,
    Sort sort) {

  public MiddlewareSettings {
    consumers = Map.copyOf(consumers);
  }

  /** What {@code /status} shows: these settings, the passwords masked. */
  public MiddlewareSettings masked() {
    return new MiddlewareSettings(
        dbUrl,
        dbUser,
        mask(dbPassword),
        brokerUrl,
        brokerUser,
        mask(brokerPassword),
        siebelUrl,
        brmUrl,
        driverUrl,
        httpPort,
        intake,
        role,
        consumers,
        consumerWindowBytes,
        engineThreads,
        invokeConnections,
        invokeTimeoutMillis,
        invokeRetries,
        instancePersistence,
        stateCompression,
        auditLevel,
        deliveryPolicy,
        transactions,
        jdbcPoolSize,
        jdbcPrepareThreshold,
        jdbcStatementCacheQueries,
        fetcher,
        diagnostics,
        metrics,
        messagesPersistent,
        redeliveryMaxAttempts,
        billing,
        messaging,
        sort);
  }

  /** A short form without the passwords: a log line or a stack trace never shows one. */
  @Override
  public String toString() {
    return "MiddlewareSettings[db "
        + dbUrl
        + " as "
        + dbUser
        + ", broker "
        + brokerUrl
        + ", siebel "
        + siebelUrl
        + ", brm "
        + brmUrl
        + ", intake "
        + intake
        + ", role "
        + role
        + ", delivery "
        + deliveryPolicy
        + ", transactions "
        + transactions
        + "; passwords not shown]";
  }

  private static String mask(String secret) {
    return secret == null || secret.isEmpty() ? secret : "********";
  }

  /** Receive threads of one stage. */
  public int consumers(Stage stage) {
    return consumers.get(stage);
  }

  /**
   * The fetcher intake of the Service Broker study: its fetchers (the study ran several fetcher
   * processes) and the triple each polls with.
   *
   * @param threads fetchers polling the inbox table, each claiming its rows with SKIP LOCKED
   * @param pollingMillis pause between two polls of the inbox table
   * @param submitMillis pause between handing two fetched orders to the engine; 0 none
   * @param poolSize most orders picked by one poll
   */
  public record Fetcher(int threads, int pollingMillis, int submitMillis, int poolSize) {}

  /**
   * The billing-care SOAP service (see {@code docs/billing-care.md}).
   *
   * @param port its HTTP port on 127.0.0.1; 0 picks a free one (shown in {@code /status})
   * @param serverThreads HTTP worker threads: requests served at once, the rest wait in line
   * @param brmConnections pooled HTTP connections to BRM of this service alone
   * @param instancePersistence which requests get a {@code process_instance} row ({@code off}:
   *     none, a faulted request is answered with its fault and not recorded)
   * @param auditLevel audit rows per activity of a request that gets an instance row
   * @param tracking one {@code request_tracking} row per request
   */
  public record Billing(
      int port,
      int serverThreads,
      int brmConnections,
      InstancePersistence instancePersistence,
      AuditLevel auditLevel,
      boolean tracking) {}

  /**
   * The queue messaging server (see {@code docs/messaging.md}).
   *
   * @param queues queues {@code tunelab.messages.1..queues} the traffic is sharded over
   * @param dequeueThreads dequeue threads on each queue
   * @param navigation how a dequeue thread takes its next message
   * @param exclusive whether each queue is an exclusive queue (one active consumer)
   */
  public record Messaging(
      int queues, int dequeueThreads, Navigation navigation, boolean exclusive) {
    /** What every messaging queue's name starts with; the queues are numbered from 1. */
    public static final String QUEUE_PREFIX = "tunelab.messages.";

    /** The name of queue {@code n}, 1-based. */
    public static String queue(int n) {
      return QUEUE_PREFIX + n;
    }
  }

  /**
   * The sort hub's sort-request service (see {@code docs/sort-hub.md}).
   *
   * @param port its HTTP port on 127.0.0.1; 0 picks a free one (shown in {@code /status})
   * @param serverThreads HTTP worker threads: requests served at once, the rest wait in line
   * @param parseIn where the fixed-width request is cut into its fields
   * @param sql how the values reach the statements
   */
  public record Sort(int port, int serverThreads, ParseIn parseIn, SortSql sql) {}

  /** Where a sort request is parsed. */
  public enum ParseIn {
    /** Substring calls in Java, in the service. */
    MIDDLEWARE,
    /** The raw request passed to PL/pgSQL functions that cut it with substring calls. */
    DATABASE
  }

  /** How a sort request's values reach its SQL. */
  public enum SortSql {
    /** Prepared statements with bind parameters (server-prepared past jdbc.prepareThreshold). */
    BIND,
    /** Values written into the SQL text: every execution is a new statement to parse and plan. */
    LITERAL
  }

  /** How a dequeue thread takes its next message. */
  public enum Navigation {
    /** Each receive asks the broker for the first message by priority: consumer window 0. */
    FIRST,
    /** Receives continue through the messages the consumer window prefetched. */
    NEXT
  }

  /** How orders enter the middleware. */
  public enum Intake {
    JMS,
    FETCHER
  }

  /** Which flows a middleware JVM serves (the studies' specialised clusters). */
  public enum Role {
    /** The queue-driven flows and the SOAP services. */
    ALL,
    /** The queue-driven flows: order-to-bill's stages (or fetcher) and the messaging server. */
    ASYNC,
    /** The SOAP services: billing-care and sort requests; no consumer, no fetcher. */
    SYNC;

    public boolean servesQueues() {
      return this != SYNC;
    }

    public boolean servesRequests() {
      return this != ASYNC;
    }
  }

  /** Which process instances are written. */
  public enum InstancePersistence {
    ALWAYS,
    /** Only failed instances, as with {@code completionPersistPolicy=faulted}. */
    FAULTED,
    /** None but faults: a faulted order is always recorded so that it is accounted for. */
    OFF
  }

  /** How dehydrated instance state is written: as it is, or gzip-compressed by the middleware. */
  public enum StateCompression {
    NONE,
    GZIP
  }

  /** Audit rows per activity: none, one short row, or one row with the payload. */
  public enum AuditLevel {
    OFF,
    PRODUCTION,
    DEVELOPMENT
  }

  /** Hand-off between receipt and processing, as {@code oneWayDeliveryPolicy}. */
  public enum DeliveryPolicy {
    /** Processed in the receiving consumer's transaction. */
    SYNC,
    /** Stored in {@code delivery_message}, committed, then processed in a second transaction. */
    ASYNC_PERSIST,
    /** Handed to the engine threads in memory; the message is acknowledged on hand-off. */
    ASYNC_CACHE
  }

  /** How a stage's broker and database work commit together. */
  public enum Transactions {
    /** The JMS transaction commits, then the database's: fast, with a gap between the two. */
    LOCAL,
    /** One global transaction over Artemis and PostgreSQL, two-phase commit by Narayana. */
    XA
  }
}
