package io.tunelab.run.plans.batchorder;

import io.tunelab.core.BadInputException;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings of {@code jmeter-plans/batch-order.jmx}: a batch of orders published on the intake
 * queue, or inserted into the {@code order_inbox} table for the fetcher intake. Each component is
 * one JMeter property of the plan (the inbox sink four); {@link #properties()} gives them all,
 * since the plan silently falls back to its defaults for any property not passed.
 *
 * @param brokerUrl Artemis URL for the plan's JNDI ConnectionFactory, e.g. {@code
 *     tcp://127.0.0.1:61616}
 * @param queue the queue the orders go to, e.g. {@code tunelab.intake}
 * @param orders orders in the batch, 1 or more
 * @param threads publisher threads (each with its own JMS connection), 1..256
 * @param seed the same seed gives the same orders (sizes, customers, products)
 * @param mix relative weights of small, medium and large orders
 * @param customers seeded customers the orders pick from (the seed count of the database)
 * @param newCustomerPercent share of orders (0..100 %) for customers new to BRM
 * @param runTag letters and digits in every order id ({@code ORD-<runTag>-000001}); unique per run
 * @param persistent persistent (true) or non-persistent JMS delivery
 * @param arrivalsPerMinute rate mode: orders due per minute, evenly spaced from a schedule start
 *     (see {@link ArrivalRate}); 0 = unpaced, the publishers send as fast as they go
 * @param inbox where the orders go instead of the queue: {@code order_inbox} of that database; null
 *     to publish on {@code queue}
 */
public record BatchOrderPlan(
    String brokerUrl,
    String queue,
    int orders,
    int threads,
    long seed,
    SizeMix mix,
    int customers,
    int newCustomerPercent,
    String runTag,
    boolean persistent,
    int arrivalsPerMinute,
    Inbox inbox) {
  /** The plan file in {@code jmeter-plans/}. */
  public static final String FILE = "batch-order.jmx";

  /**
   * Variables the plan sets per order, written as extra JTL columns. {@value
   * ArrivalRate#INTENDED_AT} is the order's intended send time in rate mode (epoch milliseconds),
   * empty when unpaced.
   */
  public static final List<String> SAMPLE_VARIABLES =
      List.of(
          "orderId", "sizeClass", "lineCount", "partyId", "orderBytes", ArrivalRate.INTENDED_AT);

  /** Where messages about the plan's properties come from. */
  static final String SOURCE = "batch-order plan";

  public static final int MAX_THREADS = 256;
  public static final int MAX_ORDERS = 100_000_000;
  public static final int MAX_CUSTOMERS = 1_000_000;

  private static final String JDBC_PASSWORD = "jdbcPassword";

  public BatchOrderPlan {
    require(
        brokerUrl != null && brokerUrl.matches("(tcp|ssl)://\\S+"),
        "brokerUrl",
        brokerUrl,
        "an Artemis URL such as tcp://127.0.0.1:61616");
    require(
        queue != null && queue.matches("[A-Za-z0-9._-]+"),
        "queue",
        queue,
        "a queue name of letters, digits, '.', '_' and '-', e.g. tunelab.intake");
    require(orders >= 1 && orders <= MAX_ORDERS, "orders", orders, "1.." + MAX_ORDERS);
    require(threads >= 1 && threads <= MAX_THREADS, "threads", threads, "1.." + MAX_THREADS);
    require(mix != null, "mix", null, "weights small:medium:large such as 1:1:1");
    require(
        customers >= 1 && customers <= MAX_CUSTOMERS,
        "customers",
        customers,
        "1.." + MAX_CUSTOMERS + " (the seeded customer count)");
    require(
        newCustomerPercent >= 0 && newCustomerPercent <= 100,
        "newCustomerPercent",
        newCustomerPercent,
        "0..100");
    require(
        runTag != null && runTag.matches("[A-Za-z0-9]{1,32}"),
        "runTag",
        runTag,
        "1..32 letters and digits");
    ArrivalRate.of(SOURCE, arrivalsPerMinute);
  }

  /**
   * The inbox sink: each order becomes one row of {@code order_inbox}, inserted by the load tier
   * through a JDBC pool.
   *
   * @param jdbcUrl the database, {@code jdbc:postgresql://...}
   * @param user its user
   * @param password its password: passed to the load tier outside its command line
   * @param held true: the rows are inserted HELD, for the harness to release (backlog mode); false:
   *     NEW, the fetchers may pick each at once
   */
  public record Inbox(String jdbcUrl, String user, String password, boolean held) {
    public Inbox {
      require(
          jdbcUrl != null && jdbcUrl.matches("jdbc:postgresql:\\S+"),
          "jdbcUrl",
          jdbcUrl,
          "a PostgreSQL JDBC URL such as jdbc:postgresql://127.0.0.1:5432/tunelab");
      require(user != null && !user.isBlank(), "jdbcUser", user, "a database user");
      password = password == null ? "" : password;
    }

    /** The status the rows are inserted in. */
    public String status() {
      return held ? "HELD" : "NEW";
    }

    @Override
    public String toString() {
      return "Inbox[" + jdbcUrl + ", user " + user + ", " + status() + "]";
    }
  }

  /** A batch published on the queue, at {@code arrivalsPerMinute} (0: unpaced). */
  public BatchOrderPlan(
      String brokerUrl,
      String queue,
      int orders,
      int threads,
      long seed,
      SizeMix mix,
      int customers,
      int newCustomerPercent,
      String runTag,
      boolean persistent,
      int arrivalsPerMinute) {
    this(
        brokerUrl,
        queue,
        orders,
        threads,
        seed,
        mix,
        customers,
        newCustomerPercent,
        runTag,
        persistent,
        arrivalsPerMinute,
        null);
  }

  /** This batch inserted into {@code inbox}'s {@code order_inbox} instead of published. */
  public BatchOrderPlan intoInbox(Inbox inbox) {
    return new BatchOrderPlan(
        brokerUrl,
        queue,
        orders,
        threads,
        seed,
        mix,
        customers,
        newCustomerPercent,
        runTag,
        persistent,
        arrivalsPerMinute,
        java.util.Objects.requireNonNull(inbox, "inbox"));
  }

  /** An unpaced batch: the publishers send as fast as they go ({@code arrivalsPerMinute} 0). */
  public BatchOrderPlan(
      String brokerUrl,
      String queue,
      int orders,
      int threads,
      long seed,
      SizeMix mix,
      int customers,
      int newCustomerPercent,
      String runTag,
      boolean persistent) {
    this(
        brokerUrl,
        queue,
        orders,
        threads,
        seed,
        mix,
        customers,
        newCustomerPercent,
        runTag,
        persistent,
        0,
        null);
  }

  private static void require(boolean ok, String property, Object value, String allowed) {
    if (!ok) {
      throw new BadInputException(
          SOURCE + ": " + property + " must be " + allowed + ", was " + value);
    }
  }

  /** The id of order {@code n} (1-based) of this batch, as the plan writes it. */
  public String orderId(long n) {
    return orderIdPrefix() + String.format("%06d", n);
  }

  /** What every order id of this batch starts with: {@code ORD-<runTag>-}. */
  public String orderIdPrefix() {
    return "ORD-" + runTag + "-";
  }

  /**
   * The rate orders are due at; {@link ArrivalRate#UNPACED} for a batch sent as fast as it goes.
   */
  public ArrivalRate arrivalRate() {
    return new ArrivalRate(arrivalsPerMinute);
  }

  /**
   * The least time the load run takes in rate mode (lead plus the orders' planned span), zero when
   * unpaced: add it to the load run's timeout.
   */
  public Duration scheduleDuration() {
    return arrivalRate().scheduleDuration(orders);
  }

  /**
   * {@code jmeter-plans/batch-order.jmx} with every property and the sample variables; the database
   * password is a secret, never on the load tier's command line.
   */
  public LoadPlan loadPlan() {
    return new LoadPlan(Path.of(FILE), properties(), SAMPLE_VARIABLES, Set.of(JDBC_PASSWORD));
  }

  /** Every plan property, by its JMeter name, as text. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("brokerUrl", brokerUrl);
    properties.put("queue", queue);
    properties.put("orders", Integer.toString(orders));
    properties.put("threads", Integer.toString(threads));
    properties.put("seed", Long.toString(seed));
    properties.put("mix", mix.toString());
    properties.put("customers", Integer.toString(customers));
    properties.put("newCustomerPercent", Integer.toString(newCustomerPercent));
    properties.put("runTag", runTag);
    properties.put("persistent", Boolean.toString(persistent));
    properties.put("arrivalsPerMinute", Integer.toString(arrivalsPerMinute));
    properties.put("sink", inbox == null ? "queue" : "inbox");
    properties.put("jdbcUrl", inbox == null ? "" : inbox.jdbcUrl());
    properties.put("jdbcUser", inbox == null ? "" : inbox.user());
    properties.put(JDBC_PASSWORD, inbox == null ? "" : inbox.password());
    properties.put("inboxStatus", inbox == null ? "NEW" : inbox.status());
    return properties;
  }
}
