package io.tunelab.core.experiment;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.stack.Backend;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The load plan an experiment drives the middleware with, one of {@code jmeter-plans/}: each
 * constant is the plan's whole declaration to the core (its YAML name, its file, the unit it counts
 * and so measures, the back-ends its flow calls, whether it fills the fetcher's inbox, its words in
 * summary.md, the knobs only it reads).
 *
 * <p>To add a plan: add a constant here, then give the run loop the plan's room ({@code
 * io.tunelab.run.plans.<plan>}, its {@code io.tunelab.run.PlanSteps}) and register it in {@code
 * io.tunelab.run.PlanRunner} (a test fails while a plan has none), and name both in
 * docs/architecture.md (a test fails while it does not). A plan that counts orders, requests or
 * messages as an existing one does is measured and rendered by what exists.
 */
public enum Plan {
  /** A batch of orders published on the intake queue, drained through the order-to-bill flow. */
  BATCH_ORDER(
      "batch-order",
      "batch-order.jmx",
      Unit.ORDER,
      List.of(Backend.SIEBEL, Backend.BRM),
      Feeds.ORDER_INBOX,
      new Words(
          "each over its drain's steady window",
          "orders (completed/faulted/lost/dup)",
          "every order of every repetition accounted for."),
      () ->
          List.of(
              WorkloadKnobs.ORDERS,
              WorkloadKnobs.WARMUP_ORDERS,
              WorkloadKnobs.WARMUP_MAX_ORDERS,
              WorkloadKnobs.WARMUP_BATCH_ORDERS,
              WorkloadKnobs.MODE,
              WorkloadKnobs.BESIDE_USERS,
              WorkloadKnobs.MIN_MEASURED_SECONDS,
              WorkloadKnobs.MIX,
              WorkloadKnobs.NEW_CUSTOMER_PERCENT,
              WorkloadKnobs.SEED,
              WorkloadKnobs.PERSISTENT,
              WorkloadKnobs.DRAIN_TIMEOUT,
              WorkloadKnobs.CRASH,
              WorkloadKnobs.CRASH_AT_PERCENT)),
  /**
   * Billing-care: concurrent CRM users (closed model) or arrivals at a rate (open model) asking the
   * middleware's SOAP service three queries each; {@code concurrent-soap-open.jmx} for the open
   * model.
   */
  CONCURRENT_SOAP(
      "concurrent-soap",
      "concurrent-soap.jmx",
      Unit.REQUEST,
      List.of(Backend.BRM),
      Feeds.NO_INBOX,
      new Words("each over its run", "requests (answered/errors)", Words.ERRORS_WITHIN),
      () ->
          List.of(
              WorkloadKnobs.MODEL,
              WorkloadKnobs.LOOPS,
              WorkloadKnobs.RAMP_UP,
              WorkloadKnobs.DURATION,
              WorkloadKnobs.WARMUP_LOOPS,
              WorkloadKnobs.RESPONSE_TIMEOUT)),
  /**
   * The messaging server: clients enqueue device messages on one or more queues, one way or two
   * way; the middleware dequeues, logs each in the database and drives the device driver.
   */
  MESSAGING(
      "messaging",
      "messaging.jmx",
      Unit.MESSAGE,
      List.of(Backend.DRIVER),
      Feeds.NO_INBOX,
      new Words(
          "each from its first send to its last message finished",
          "messages (driven/failed/lost)",
          "every message of every repetition accounted for."),
      () ->
          List.of(
              WorkloadKnobs.CRASH,
              WorkloadKnobs.CRASH_AT_PERCENT,
              WorkloadKnobs.MIN_MEASURED_SECONDS,
              WorkloadKnobs.MODE,
              WorkloadKnobs.SEED,
              WorkloadKnobs.PERSISTENT,
              WorkloadKnobs.DRAIN_TIMEOUT,
              WorkloadKnobs.RESPONSE_TIMEOUT,
              MocksKnobs.of(Backend.DRIVER).latency(),
              MocksKnobs.of(Backend.DRIVER).faultRate(),
              MocksKnobs.of(Backend.DRIVER).faultKind())),
  /**
   * The sort hub: conveyor devices send fixed-width sort requests at a target rate (open model);
   * the middleware's sort service answers each with a chute, an answer over the deadline a miss.
   */
  SORT_REQUESTS(
      "sort-requests",
      "sort-requests.jmx",
      Unit.REQUEST,
      List.of(),
      Feeds.NO_INBOX,
      new Words(
          "each over its run", "requests (answered/errors), missed deadline", Words.ERRORS_WITHIN),
      () ->
          List.of(
              WorkloadKnobs.MIX,
              WorkloadKnobs.SEED,
              WorkloadKnobs.DURATION,
              WorkloadKnobs.RESPONSE_TIMEOUT,
              WorkloadKnobs.DEADLINE,
              WorkloadKnobs.MAX_MISS_PERCENT,
              WorkloadKnobs.RESCAN_PERCENT,
              WorkloadKnobs.RESCAN_AFTER_SECONDS,
              WorkloadKnobs.WARMUP_SECONDS,
              MiddlewareKnobs.SORT_SERVER_THREADS,
              MiddlewareKnobs.SORT_PARSE_IN,
              MiddlewareKnobs.SORT_SQL,
              DataKnobs.SORT_FILL_FACTOR));

  /**
   * What a plan counts, and so how a repetition of it is measured beside the shared metrics: the
   * orders of a batch, each accounted for; requests, each answered or failed (per operation, and
   * against a deadline when the plan has one); messages, each driven, failed or lost.
   */
  public enum Unit {
    ORDER("orders/min"),
    REQUEST("requests/min"),
    MESSAGE("messages/min");

    private final String perMinute;

    Unit(String perMinute) {
      this.perMinute = perMinute;
    }

    /** The throughput's unit, e.g. {@code orders/min}. */
    public String perMinute() {
      return perMinute;
    }

    /** What it counts, plural: {@code orders}, {@code requests}, {@code messages}. */
    public String plural() {
      return perMinute.substring(0, perMinute.indexOf('/'));
    }
  }

  /**
   * Whether a plan's load fills {@code order_inbox}, the table the middleware's fetcher intake
   * ({@code middleware.intake=fetcher}) polls: with any other plan nothing would ever arrive there.
   */
  public enum Feeds {
    ORDER_INBOX,
    NO_INBOX
  }

  /**
   * What summary.md says of a plan's steps in the plan's own words.
   *
   * @param window how each repetition's throughput is timed
   * @param outcomes the heading of the column that counts each step's outcomes
   * @param valid what a complete, valid run guarantees
   */
  public record Words(String window, String outcomes, String valid) {
    static final String ERRORS_WITHIN =
        "every repetition's errors within workload.maxErrorPercent.";
  }

  private final String yamlName;
  private final String file;
  private final Unit unit;
  private final List<Backend> backEnds;
  private final Feeds feeds;
  private final Words words;
  private final Supplier<List<Knob<?>>> ownKnobs;

  Plan(
      String yamlName,
      String file,
      Unit unit,
      List<Backend> backEnds,
      Feeds feeds,
      Words words,
      Supplier<List<Knob<?>>> ownKnobs) {
    this.yamlName = yamlName;
    this.file = file;
    this.unit = unit;
    this.backEnds = backEnds;
    this.feeds = feeds;
    this.words = words;
    this.ownKnobs = ownKnobs;
  }

  /**
   * Whether the middleware answers this plan's requests itself (its SOAP services), rather than
   * taking its work from the broker's queues.
   */
  public boolean answersRequests() {
    return unit == Unit.REQUEST;
  }

  /** The name an experiment file uses, e.g. {@code batch-order}. */
  public String yamlName() {
    return yamlName;
  }

  /** The plan file in {@code jmeter-plans/}. */
  public String file() {
    return file;
  }

  /** What it counts. */
  public Unit unit() {
    return unit;
  }

  /** The simulated back-ends its flow calls, whose mocks a stack must serve to run it. */
  public List<Backend> backEnds() {
    return backEnds;
  }

  /** Whether its load fills the inbox the fetcher intake polls. */
  public boolean fillsInbox() {
    return feeds == Feeds.ORDER_INBOX;
  }

  /** Unit of the throughput metric: orders/min, requests/min or messages/min. */
  public String throughputUnit() {
    return unit.perMinute();
  }

  /** Its words in summary.md. */
  public Words words() {
    return words;
  }

  /**
   * The words of the plan run.json names; a request plan's for a name this version does not know.
   */
  public static Words wordsOf(String yamlName) {
    return of(yamlName).orElse(CONCURRENT_SOAP).words();
  }

  /**
   * The workload knobs only this plan reads (and the tiers' knobs only its flow uses), those listed
   * here and those its room declares ({@link KnobRegistry#declaredBy}); {@link PlanKnobs} refuses
   * them in an experiment of another plan.
   */
  public List<Knob<?>> ownKnobs() {
    return Stream.concat(ownKnobs.get().stream(), KnobRegistry.declaredBy(yamlName).stream())
        .toList();
  }

  /** Whether its answers have a deadline ({@code workload.deadlineMillis}) that they can miss. */
  public boolean hasDeadline() {
    return ownKnobs().contains(WorkloadKnobs.DEADLINE);
  }

  /** The plan of that YAML name. */
  public static Optional<Plan> of(String yamlName) {
    return Arrays.stream(values()).filter(p -> p.yamlName.equals(yamlName)).findFirst();
  }

  /** The YAML names of every plan, for messages. */
  public static List<String> names() {
    return Arrays.stream(values()).map(Plan::yamlName).toList();
  }
}
