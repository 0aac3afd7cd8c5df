package io.tunelab.core.history;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A history as the CSV that Apache Otava reads ({@code type: csv} tests, docs/CSV.md of Otava): a
 * header, then one row per run in time order; the time column first ({@code 2026-11-24 03:00:00
 * +0000}), then the attributes {@code commit} and {@code run}, then one column per metric. A metric
 * a run did not have is an empty cell. Comma-separated, quoted with {@code "} only where a value
 * needs it.
 */
public final class OtavaCsv {
  public static final String TIME = "time";
  public static final String COMMIT = "commit";
  public static final String RUN = "run";
  public static final List<String> ATTRIBUTES = List.of(COMMIT, RUN);

  static final DateTimeFormatter TIME_FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z").withZone(ZoneOffset.UTC);

  private static final CsvMapper CSV =
      CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

  private OtavaCsv() {}

  /** The metric columns of {@code rows}, in the order they first appear. */
  public static List<String> columns(List<HistoryRow> rows) {
    Set<String> columns = new LinkedHashSet<>();
    rows.forEach(r -> columns.addAll(r.values().keySet()));
    return List.copyOf(columns);
  }

  /** The file's text: a header with every column any row has, then the rows. */
  public static String write(List<HistoryRow> rows) {
    List<String> metrics = columns(rows);
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    schema.addColumn(TIME);
    ATTRIBUTES.forEach(schema::addColumn);
    metrics.forEach(schema::addColumn);
    List<List<String>> cells = new ArrayList<>();
    for (HistoryRow row : rows) {
      List<String> line = new ArrayList<>();
      line.add(TIME_FORMAT.format(row.time()));
      line.add(row.commit());
      line.add(row.runId());
      for (String metric : metrics) {
        Double value = row.values().get(metric);
        line.add(value == null ? "" : number(value));
      }
      cells.add(line);
    }
    StringWriter out = new StringWriter();
    try {
      CSV.writer(schema.build()).writeValues(out).writeAll(cells).close();
    } catch (IOException e) {
      throw new IllegalStateException("cannot write the history's CSV", e);
    }
    return out.toString();
  }

  /**
   * The rows of a file's text.
   *
   * @param source names the file in a message
   * @throws BadInputException when it is not a history: no time, commit or run column, a time or a
   *     value that does not parse
   */
  public static List<HistoryRow> read(String text, String source) {
    List<HistoryRow> rows = new ArrayList<>();
    if (text.isBlank()) {
      return rows;
    }
    CsvSchema schema = CsvSchema.emptySchema().withHeader();
    try (MappingIterator<Map<String, String>> lines =
        CSV.readerForMapOf(String.class)
            .with(schema)
            .with(CsvParser.Feature.EMPTY_STRING_AS_NULL)
            .readValues(text)) {
      int number = 1;
      while (lines.hasNext()) {
        number++;
        rows.add(row(lines.next(), source + " line " + number));
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof BadInputException bad) {
        throw bad;
      }
      throw new BadInputException(source + " is not a history CSV: " + e.getMessage(), e);
    }
    return rows;
  }

  private static HistoryRow row(Map<String, String> line, String where) {
    for (String column : List.of(TIME, COMMIT, RUN)) {
      if (!line.containsKey(column)) {
        throw new BadInputException(where + ": no '" + column + "' column");
      }
    }
    Instant time;
    try {
      time = TIME_FORMAT.parse(line.get(TIME), Instant::from);
    } catch (DateTimeParseException | NullPointerException e) {
      throw new BadInputException(
          where + ": the time '" + line.get(TIME) + "' is not like 2026-11-24 03:00:00 +0000", e);
    }
    Map<String, Double> values = new LinkedHashMap<>();
    line.forEach(
        (column, value) -> {
          if (!column.equals(TIME) && !ATTRIBUTES.contains(column) && value != null) {
            try {
              values.put(column, Double.parseDouble(value));
            } catch (NumberFormatException e) {
              throw new BadInputException(
                  where + ": the value '" + value + "' of " + column + " is not a number", e);
            }
          }
        });
    return new HistoryRow(time, line.get(COMMIT), line.get(RUN), values);
  }

  /** Six significant digits, no exponent: enough for any metric here, short to read. */
  static String number(double value) {
    return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }
}
