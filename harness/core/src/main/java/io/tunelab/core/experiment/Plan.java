package io.tunelab.core.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The load plan an experiment drives the middleware with, one of {@code jmeter-plans/}.
 *
 * <p>To add a plan: add a constant here with its YAML name, file and throughput unit, list the
 * workload knobs only it reads in {@link PlanKnobs}, then give the run loop the plan's parts of a
 * repetition ({@code io.tunelab.run.PlanSteps}, beside {@code io.tunelab.run.BatchOrderSteps}) and
 * register them in {@code io.tunelab.run.PlanRunner} (a test fails while a plan has none), and its
 * measures beside the shared metrics in {@code io.tunelab.core.results.PlanMeasures}.
 */
public enum Plan {
  /** A batch of orders published on the intake queue, drained through the order-to-bill flow. */
  BATCH_ORDER("batch-order", "batch-order.jmx", "orders/min", false),
  /**
   * Billing-care: concurrent CRM users (closed model) or arrivals at a rate (open model) asking the
   * middleware's SOAP service three queries each; {@code concurrent-soap-open.jmx} for the open
   * model.
   */
  CONCURRENT_SOAP("concurrent-soap", "concurrent-soap.jmx", "requests/min", true),
  /**
   * The messaging server: clients enqueue device messages on one or more queues, one way or two
   * way; the middleware dequeues, logs each in the database and drives the device driver.
   */
  MESSAGING("messaging", "messaging.jmx", "messages/min", false),
  /**
   * The sort hub: conveyor devices send fixed-width sort requests at a target rate (open model);
   * the middleware's sort service answers each with a chute, an answer over the deadline a miss.
   */
  SORT_REQUESTS("sort-requests", "sort-requests.jmx", "requests/min", true);

  private final String yamlName;
  private final String file;
  private final String throughputUnit;
  private final boolean requests;

  Plan(String yamlName, String file, String throughputUnit, boolean requests) {
    this.yamlName = yamlName;
    this.file = file;
    this.throughputUnit = throughputUnit;
    this.requests = requests;
  }

  /**
   * Whether the middleware answers this plan's requests itself (its SOAP services), rather than
   * taking its work from the broker's queues.
   */
  public boolean answersRequests() {
    return requests;
  }

  /** The name an experiment file uses, e.g. {@code batch-order}. */
  public String yamlName() {
    return yamlName;
  }

  /** The plan file in {@code jmeter-plans/}. */
  public String file() {
    return file;
  }

  /** Unit of the throughput metric: orders/min (async) or requests/min (sync). */
  public String throughputUnit() {
    return throughputUnit;
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
