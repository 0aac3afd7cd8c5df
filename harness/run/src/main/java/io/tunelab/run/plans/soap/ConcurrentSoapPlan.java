package io.tunelab.run.plans.soap;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.tiers.jmeter.LoadPlan;
import io.tunelab.tiers.jmeter.OpenModelEnd;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of the billing-care concurrent-SOAP plans: {@code jmeter-plans/concurrent-soap.jmx}
 * (closed model: threads x loops, each loop the three queries about the next CSV customer) or
 * {@code concurrent-soap-open.jmx} (open model: customers arrive at a target rate for a duration,
 * each asking the three queries). {@link #properties()} gives every property the chosen plan reads.
 *
 * @param model closed (threads, loops, ramp-up) or open (arrivals per minute, duration)
 * @param endpoint the middleware's billing-care URL, e.g. {@code
 *     http://127.0.0.1:41235/BillingCare}
 * @param customersCsv CSV with the header {@value BillingCustomers#HEADER} and one customer a row
 *     (see {@link BillingCustomers})
 * @param threads closed model: concurrent CRM users, 1..{@value #MAX_THREADS}; 0 for open
 * @param loops closed model: iterations per thread; 0 for open
 * @param rampUpSeconds closed model: seconds until every thread has started
 * @param arrivalsPerMinute open model: target arrivals per minute (3 requests each); 0 for closed
 * @param durationSeconds open model: how long customers arrive; 0 for closed
 * @param responseTimeoutMillis a request unanswered after this fails (so no thread hangs); the open
 *     plan's schedule ends this long after the last arrival, so that no request in flight is cut
 *     off
 */
public record ConcurrentSoapPlan(
    Model model,
    URI endpoint,
    Path customersCsv,
    int threads,
    int loops,
    int rampUpSeconds,
    int arrivalsPerMinute,
    int durationSeconds,
    int responseTimeoutMillis,
    int brmInvoices,
    int brmUsageLines) {
  public static final int MAX_THREADS = 10_000;
  public static final int MAX_LOOPS = 100_000_000;
  public static final int MAX_ARRIVALS_PER_MINUTE = 6_000_000;
  public static final int MAX_SECONDS = 86_400;
  public static final int DEFAULT_RESPONSE_TIMEOUT_MILLIS = 60_000;
  public static final int MAX_LINES = 100_000;

  /** Closed (a fixed number of users) or open (a fixed arrival rate) workload. */
  public enum Model {
    CLOSED("concurrent-soap.jmx"),
    OPEN("concurrent-soap-open.jmx");

    private final String file;

    Model(String file) {
      this.file = file;
    }

    /** The plan file in {@code jmeter-plans/}. */
    public String file() {
      return file;
    }
  }

  public ConcurrentSoapPlan {
    require(model != null, "model", null, "closed or open");
    require(
        endpoint != null
            && "http".equals(endpoint.getScheme())
            && endpoint.getHost() != null
            && endpoint.getPort() > 0
            && endpoint.getRawPath() != null
            && endpoint.getRawPath().startsWith("/"),
        "endpoint",
        endpoint,
        "an http URL with host, port and path, e.g. http://127.0.0.1:41235/BillingCare");
    requireCsv(customersCsv);
    if (model == Model.CLOSED) {
      require(threads >= 1 && threads <= MAX_THREADS, "threads", threads, "1.." + MAX_THREADS);
      require(loops >= 1 && loops <= MAX_LOOPS, "loops", loops, "1.." + MAX_LOOPS);
      require(
          rampUpSeconds >= 0 && rampUpSeconds <= MAX_SECONDS,
          "rampUpSeconds",
          rampUpSeconds,
          "0.." + MAX_SECONDS);
    } else {
      require(
          arrivalsPerMinute >= 1 && arrivalsPerMinute <= MAX_ARRIVALS_PER_MINUTE,
          "arrivalsPerMinute",
          arrivalsPerMinute,
          "1.." + MAX_ARRIVALS_PER_MINUTE);
      require(
          durationSeconds >= 1 && durationSeconds <= MAX_SECONDS,
          "durationSeconds",
          durationSeconds,
          "1.." + MAX_SECONDS);
    }
    require(
        responseTimeoutMillis >= 1 && responseTimeoutMillis <= 600_000,
        "responseTimeoutMillis",
        responseTimeoutMillis,
        "1..600000");
    require(
        brmInvoices >= 1 && brmInvoices <= MAX_LINES,
        "brmInvoices",
        brmInvoices,
        "1.." + MAX_LINES);
    require(
        brmUsageLines >= 1 && brmUsageLines <= MAX_LINES,
        "brmUsageLines",
        brmUsageLines,
        "1.." + MAX_LINES);
  }

  /** The study's shape: {@code threads} users, {@code loops} iterations each, no ramp-up. */
  public static ConcurrentSoapPlan closed(URI endpoint, Path customersCsv, int threads, int loops) {
    return new ConcurrentSoapPlan(
        Model.CLOSED,
        endpoint,
        customersCsv,
        threads,
        loops,
        0,
        0,
        0,
        DEFAULT_RESPONSE_TIMEOUT_MILLIS,
        MocksKnobs.BRM_INVOICES.defaultValue(),
        MocksKnobs.BRM_USAGE_LINES.defaultValue());
  }

  /** Customers arriving at {@code arrivalsPerMinute} for {@code durationSeconds}. */
  public static ConcurrentSoapPlan open(
      URI endpoint, Path customersCsv, int arrivalsPerMinute, int durationSeconds) {
    return new ConcurrentSoapPlan(
        Model.OPEN,
        endpoint,
        customersCsv,
        0,
        0,
        0,
        arrivalsPerMinute,
        durationSeconds,
        DEFAULT_RESPONSE_TIMEOUT_MILLIS,
        MocksKnobs.BRM_INVOICES.defaultValue(),
        MocksKnobs.BRM_USAGE_LINES.defaultValue());
  }

  /**
   * The same plan with another response timeout (the open plan also waits this long at its end).
   */
  public ConcurrentSoapPlan withResponseTimeoutMillis(int millis) {
    return new ConcurrentSoapPlan(
        model,
        endpoint,
        customersCsv,
        threads,
        loops,
        rampUpSeconds,
        arrivalsPerMinute,
        durationSeconds,
        millis,
        brmInvoices,
        brmUsageLines);
  }

  /** The same plan checking for answers of {@code invoices} bills and {@code usageLines} events. */
  public ConcurrentSoapPlan withBrmLines(int invoices, int usageLines) {
    return new ConcurrentSoapPlan(
        model,
        endpoint,
        customersCsv,
        threads,
        loops,
        rampUpSeconds,
        arrivalsPerMinute,
        durationSeconds,
        responseTimeoutMillis,
        invoices,
        usageLines);
  }

  /** Requests the closed plan makes (threads x loops x 3); the open plan's expected count. */
  public long plannedRequests() {
    return model == Model.CLOSED
        ? 3L * threads * loops
        : Math.round(3.0 * arrivalsPerMinute * durationSeconds / 60.0);
  }

  /**
   * Variables written as extra JTL columns: the customer each query was about (the sample label is
   * the operation).
   */
  public static final List<String> SAMPLE_VARIABLES = List.of("customerId");

  /** The model's plan in {@code jmeter-plans/} with every property it reads. */
  public LoadPlan loadPlan() {
    return new LoadPlan(Path.of(model.file()), properties(), SAMPLE_VARIABLES);
  }

  /** Every property the model's plan reads, by its JMeter name, as text. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("host", endpoint.getHost());
    properties.put("port", Integer.toString(endpoint.getPort()));
    properties.put("path", endpoint.getRawPath());
    properties.put("customersCsv", customersCsv.toAbsolutePath().normalize().toString());
    properties.put("responseTimeoutMillis", Integer.toString(responseTimeoutMillis));
    properties.put("brmInvoices", Integer.toString(brmInvoices));
    properties.put("brmUsageLines", Integer.toString(brmUsageLines));
    if (model == Model.CLOSED) {
      properties.put("threads", Integer.toString(threads));
      properties.put("loops", Integer.toString(loops));
      properties.put("rampUpSeconds", Integer.toString(rampUpSeconds));
    } else {
      properties.put("arrivalsPerMinute", Integer.toString(arrivalsPerMinute));
      properties.put("durationSeconds", Integer.toString(durationSeconds));
      properties.put(OpenModelEnd.PROPERTY, OpenModelEnd.afterMillis(durationSeconds));
    }
    return properties;
  }

  private static void requireCsv(Path csv) {
    String allowed =
        "a readable CSV file with the header "
            + BillingCustomers.HEADER
            + " and at least one customer row (BillingCustomers.writeCsv writes it)";
    require(csv != null && Files.isRegularFile(csv), "customersCsv", csv + " (missing)", allowed);
    try (BufferedReader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      String header = reader.readLine();
      String first = reader.readLine();
      require(BillingCustomers.HEADER.equals(header), "customersCsv", csv, allowed);
      require(first != null && !first.isBlank(), "customersCsv", csv + " (no rows)", allowed);
    } catch (IOException e) {
      require(false, "customersCsv", csv + " (" + e.getMessage() + ")", allowed);
    }
  }

  private static void require(boolean ok, String property, Object value, String allowed) {
    if (!ok) {
      throw new BadInputException(
          "concurrent-soap plan: " + property + " must be " + allowed + ", was " + value);
    }
  }
}
