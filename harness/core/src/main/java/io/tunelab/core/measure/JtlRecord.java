package io.tunelab.core.measure;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One sample of a JMeter CSV results file (JTL) with a header line, as the load tier writes it.
 *
 * @param timeStampMillis epoch milliseconds when the sample started (the load tier sets JMeter's
 *     {@code sampleresult.timestamp.start}); for the batch-order plan, when the order was sent
 * @param elapsedMillis how long the sample took (for a publish: until the broker took the message)
 * @param label the sample label; for the batch-order plan, the order id
 * @param responseCode JMeter's response code, empty when none
 * @param responseMessage JMeter's response message (the error of a failed sample)
 * @param threadName the JMeter thread, e.g. {@code publishers 1-1}
 * @param success whether the sample succeeded
 * @param extra every other column, by its header name (e.g. the plan's sample variables)
 */
public record JtlRecord(
    long timeStampMillis,
    long elapsedMillis,
    String label,
    String responseCode,
    String responseMessage,
    String threadName,
    boolean success,
    Map<String, String> extra) {
  static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "success");

  public JtlRecord {
    extra = Map.copyOf(extra);
  }

  /** A column beyond the standard ones, e.g. {@code sizeClass}; null when the JTL has none. */
  public String get(String column) {
    return extra.get(column);
  }

  /**
   * When the sample was due (the {@value ArrivalRate#INTENDED_AT} column a plan's arrival schedule
   * writes in rate mode), epoch milliseconds; empty when the JTL has no such column or the value is
   * empty (unpaced).
   *
   * @throws IllegalArgumentException when the value is not whole milliseconds
   */
  public OptionalLong intendedAtMillis() {
    String text = extra.get(ArrivalRate.INTENDED_AT);
    if (text == null || text.isBlank()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(text.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          label
              + ": "
              + ArrivalRate.INTENDED_AT
              + " must be whole epoch milliseconds or empty, was '"
              + text
              + "'",
          e);
    }
  }

  /** A distributed run's thread names start with their engine: {@code 127.0.0.1:41101-}. */
  private static final java.util.regex.Pattern ENGINE =
      java.util.regex.Pattern.compile("([A-Za-z0-9.\\-]+:\\d{1,5})-.*");

  /**
   * The JMeter engine that sent the sample in JMeter's distributed mode ({@code host:port}, which
   * JMeter puts before each engine's thread names); empty for a sample of a plan run in one JVM.
   */
  public java.util.Optional<String> engine() {
    java.util.regex.Matcher matcher = ENGINE.matcher(threadName == null ? "" : threadName);
    return matcher.matches() ? java.util.Optional.of(matcher.group(1)) : java.util.Optional.empty();
  }

  /** When the sample ended: for a publish, when the broker had the message. */
  public long endMillis() {
    return timeStampMillis + elapsedMillis;
  }

  /** Reads a CSV JTL with its header line. */
  public static List<JtlRecord> read(Path jtl) throws IOException {
    try (Reader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
      return parse(reader, jtl.toString());
    }
  }

  /**
   * @param source the file name, for messages
   * @throws IllegalArgumentException when a required column is missing or a value is malformed
   */
  static List<JtlRecord> parse(Reader reader, String source) throws IOException {
    CsvRows rows = new CsvRows(reader);
    List<String> header = rows.next();
    if (header == null) {
      throw new IllegalArgumentException(source + " is empty: expected a CSV header line");
    }
    Map<String, Integer> columns = new HashMap<>();
    for (int i = 0; i < header.size(); i++) {
      columns.put(header.get(i), i);
    }
    for (String required : REQUIRED) {
      if (!columns.containsKey(required)) {
        throw new IllegalArgumentException(
            source + " has no column " + required + ": columns are " + header);
      }
    }
    List<JtlRecord> records = new ArrayList<>();
    int line = 1;
    for (List<String> row = rows.next(); row != null; row = rows.next()) {
      line++;
      if (row.size() == 1 && row.get(0).isEmpty()) {
        continue; // a blank line
      }
      records.add(record(header, columns, row, source + " record " + line));
    }
    return records;
  }

  private static JtlRecord record(
      List<String> header, Map<String, Integer> columns, List<String> row, String where) {
    if (row.size() != header.size()) {
      throw new IllegalArgumentException(
          where + " has " + row.size() + " fields, the header " + header.size());
    }
    Map<String, String> extra = new LinkedHashMap<>();
    for (int i = 0; i < header.size(); i++) {
      extra.put(header.get(i), row.get(i));
    }
    for (String standard :
        List.of(
            "timeStamp",
            "elapsed",
            "label",
            "responseCode",
            "responseMessage",
            "threadName",
            "success")) {
      extra.remove(standard);
    }
    return new JtlRecord(
        number(row.get(columns.get("timeStamp")), "timeStamp", where),
        number(row.get(columns.get("elapsed")), "elapsed", where),
        row.get(columns.get("label")),
        optional(row, columns, "responseCode"),
        optional(row, columns, "responseMessage"),
        optional(row, columns, "threadName"),
        Boolean.parseBoolean(row.get(columns.get("success"))),
        extra);
  }

  private static long number(String text, String column, String where) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          where + ": " + column + " must be whole milliseconds, was '" + text + "'", e);
    }
  }

  private static String optional(List<String> row, Map<String, Integer> columns, String name) {
    Integer index = columns.get(name);
    return index == null ? "" : row.get(index);
  }
}
