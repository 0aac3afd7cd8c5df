package io.tunelab.run.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How an observer series (results/README.md, "Series in series.csv") is named in Prometheus: {@code
 * tunelab_} and the series in snake case ({@code broker.messageCount} is {@code
 * tunelab_broker_message_count}), its label under the name of what it labels (a tier, a queue, a
 * stage, a mock and its operation), and the series that count since a start as counters (exposed
 * with {@code _total}, read with {@code rate()}), the others as gauges.
 */
public final class PrometheusNames {
  static final String PREFIX = "tunelab_";

  /** Counts since the broker, the middleware or the repetition's observer started. */
  private static final Set<String> COUNTERS =
      Set.of(
          "broker.messagesAdded",
          "broker.messagesAcknowledged",
          "mocks.requests",
          "middleware.forwarded",
          "middleware.jdbcConnectionRefusals",
          "middleware.fetcher.polls",
          "middleware.fetcher.emptyPolls",
          "middleware.fetcher.picked");

  /** The label's name by the series' name or prefix, the first that matches; else "scope". */
  private static final Map<String, String> LABEL_NAMES = new LinkedHashMap<>();

  static {
    LABEL_NAMES.put("middleware.forwarded", "stage");
    LABEL_NAMES.put("cpu.tier", "tier");
    LABEL_NAMES.put("memory.rss", "tier");
    LABEL_NAMES.put("middleware.", "tier");
    LABEL_NAMES.put("gc.", "tier");
    LABEL_NAMES.put("broker.", "queue");
    LABEL_NAMES.put("load.", "queue");
    LABEL_NAMES.put("db.inbox", "status");
  }

  private static final String MOCKS_REQUESTS = "mocks.requests";

  private PrometheusNames() {}

  /** The metric's name, without the {@code _total} Prometheus adds to a counter's samples. */
  public static String metric(String series) {
    StringBuilder name = new StringBuilder(PREFIX);
    for (char c : series.toCharArray()) {
      if (c == '.' || c == '-') {
        name.append('_');
      } else if (Character.isUpperCase(c)) {
        name.append('_').append(Character.toLowerCase(c));
      } else {
        name.append(c);
      }
    }
    return name.toString().toLowerCase(Locale.ROOT);
  }

  /** The name a scrape shows: a counter's with {@code _total}. */
  public static String exposed(String series) {
    return counter(series) ? metric(series) + "_total" : metric(series);
  }

  public static boolean counter(String series) {
    return COUNTERS.contains(series);
  }

  /**
   * The series' label as Prometheus label names and values, in pairs: {@code mocks.requests}' label
   * {@code siebel:UpdateSalesOrder} is {@code mock="siebel", operation="UpdateSalesOrder"}.
   */
  public static List<String> labels(String series, String label) {
    if (series.equals(MOCKS_REQUESTS)) {
      int colon = label.indexOf(':');
      return colon < 0
          ? List.of("mock", label)
          : List.of("mock", label.substring(0, colon), "operation", label.substring(colon + 1));
    }
    return List.of(labelName(series), label);
  }

  private static String labelName(String series) {
    return LABEL_NAMES.entrySet().stream()
        .filter(
            e ->
                e.getKey().endsWith(".")
                    ? series.startsWith(e.getKey())
                    : series.equals(e.getKey()))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElse("scope");
  }
}
