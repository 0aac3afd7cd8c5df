package io.tunelab.run.plans.sort;

import io.tunelab.core.BadInputException;
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
 * The settings of {@code jmeter-plans/sort-requests.jmx}: conveyor devices send sort requests
 * (prepared in a CSV, see {@link SortRequests}) at a target rate, Poisson arrivals, whatever the
 * answers take (an open model). {@link #properties()} gives every property the plan reads.
 *
 * @param endpoint the sort service, {@code http://127.0.0.1:<port>/sort}
 * @param requestsCsv CSV with the header {@value SortRequests#HEADER} and at least one row; the
 *     plan sends its rows in order, over again from the top when it runs out
 * @param arrivalsPerMinute target requests per minute, 1..{@value #MAX_ARRIVALS_PER_MINUTE}
 * @param durationSeconds how long requests arrive, 1..{@value #MAX_DURATION_SECONDS}
 * @param responseTimeoutMillis a request unanswered after this fails, 1..{@value
 *     #MAX_RESPONSE_TIMEOUT_MILLIS}; the schedule ends this long after the last arrival, so that no
 *     request in flight is cut off, but the load tier ends the run as soon as none is in flight
 */
public record SortRequestPlan(
    URI endpoint,
    Path requestsCsv,
    int arrivalsPerMinute,
    int durationSeconds,
    int responseTimeoutMillis) {
  /** The plan file in {@code jmeter-plans/}. */
  public static final String FILE = "sort-requests.jmx";

  public static final int MAX_ARRIVALS_PER_MINUTE = 6_000_000;
  public static final int MAX_DURATION_SECONDS = 86_400;
  public static final int MAX_RESPONSE_TIMEOUT_MILLIS = 600_000;

  public SortRequestPlan {
    require(
        endpoint != null
            && "http".equals(endpoint.getScheme())
            && endpoint.getHost() != null
            && endpoint.getPort() >= 1
            && endpoint.getPort() <= 65_535
            && endpoint.getRawPath() != null
            && endpoint.getRawPath().startsWith("/")
            && endpoint.getRawQuery() == null,
        "endpoint",
        endpoint,
        "an http URL with host, port 1..65535 and path, no query, e.g. http://127.0.0.1:8096/sort");
    requireCsv(requestsCsv);
    range("arrivalsPerMinute", arrivalsPerMinute, MAX_ARRIVALS_PER_MINUTE);
    range("durationSeconds", durationSeconds, MAX_DURATION_SECONDS);
    range("responseTimeoutMillis", responseTimeoutMillis, MAX_RESPONSE_TIMEOUT_MILLIS);
  }

  /** Requests expected: arrivalsPerMinute x durationSeconds / 60, rounded. */
  public long plannedRequests() {
    return Math.round((double) arrivalsPerMinute * durationSeconds / 60.0);
  }

  /**
   * Variables written as extra JTL columns: the parcel's barcode and the device that scanned it
   * (the sample label is the request's message type, SC, DM or MX).
   */
  public static final List<String> SAMPLE_VARIABLES = List.of("barcode", "deviceId");

  /** The plan in {@code jmeter-plans/} with every property it reads. */
  public LoadPlan loadPlan() {
    return new LoadPlan(Path.of(FILE), properties(), SAMPLE_VARIABLES);
  }

  /** Every property the plan reads, by its JMeter name, as text. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("host", endpoint.getHost());
    properties.put("port", Integer.toString(endpoint.getPort()));
    properties.put("path", endpoint.getRawPath());
    properties.put("requestsCsv", requestsCsv.toAbsolutePath().normalize().toString());
    properties.put("arrivalsPerMinute", Integer.toString(arrivalsPerMinute));
    properties.put("durationSeconds", Integer.toString(durationSeconds));
    properties.put("responseTimeoutMillis", Integer.toString(responseTimeoutMillis));
    properties.put(OpenModelEnd.PROPERTY, OpenModelEnd.afterMillis(durationSeconds));
    return properties;
  }

  private static void requireCsv(Path csv) {
    String allowed =
        "a readable CSV file with the header "
            + SortRequests.HEADER
            + " and at least one row (SortRequests.write writes it)";
    require(csv != null && Files.isRegularFile(csv), "requestsCsv", csv + " (missing)", allowed);
    try (BufferedReader reader = Files.newBufferedReader(csv, StandardCharsets.US_ASCII)) {
      String header = reader.readLine();
      require(SortRequests.HEADER.equals(header), "requestsCsv", csv, allowed);
      String first = reader.readLine();
      require(first != null && !first.isBlank(), "requestsCsv", csv + " (no rows)", allowed);
    } catch (IOException e) {
      require(false, "requestsCsv", csv + " (" + e.getMessage() + ")", allowed);
    }
  }

  private static void range(String property, int value, int max) {
    require(value >= 1 && value <= max, property, value, "1.." + max);
  }

  private static void require(boolean ok, String property, Object value, String allowed) {
    if (!ok) {
      throw new BadInputException(
          "sort-requests plan: " + property + " must be " + allowed + ", was " + value);
    }
  }
}
