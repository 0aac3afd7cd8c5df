package io.tunelab.run.plans.batchorder.drain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A batch-order repetition's ledger, {@code orders.csv}: one row per order the load tier submitted,
 * with where it ended, so that every order can be checked by its id (not only counted) and its
 * window analysed again from the raw times (each order's lines, send, due and completion time).
 * run.json keeps the counts and the ids of the lost and duplicated; this keeps every order.
 */
public final class OrdersCsv {
  /** Where an order ended, as {@link Accounting} counts it. */
  public enum Outcome {
    COMPLETED,
    FAULTED,
    LOST,
    /** completed more than once, or completed and faulted */
    DUPLICATED
  }

  static final List<String> COLUMNS =
      List.of(
          "orderId",
          "lines",
          "sentAtMillis",
          "dueAtMillis",
          "completedAtMillis",
          "outcome",
          "faultReason");

  private static final CsvMapper CSV = new CsvMapper();

  private OrdersCsv() {}

  /**
   * The ledger's CSV text, header first, in the order the load tier sent the orders.
   *
   * @param sentAtMillis each submitted order and its send time, epoch milliseconds, in send order
   * @param dueAtMillis each order's intended send time in rate mode; absent ones are unpaced
   * @param lines each order's lines; absent when the JTL did not say
   * @param accounting where the orders ended
   */
  public static String of(
      Map<String, Long> sentAtMillis,
      Map<String, Long> dueAtMillis,
      Map<String, Integer> lines,
      Accounting accounting) {
    DrainMetrics metrics = accounting.metrics();
    Map<String, Long> completedAt = new HashMap<>();
    for (int i = 0; i < metrics.completedIds().size(); i++) {
      completedAt.put(metrics.completedIds().get(i), metrics.completionMillis().get(i));
    }
    Set<String> lost = new HashSet<>(accounting.lost());
    Set<String> duplicated = new HashSet<>(accounting.duplicated());
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    COLUMNS.forEach(schema::addColumn);
    List<List<Object>> rows = new ArrayList<>();
    for (Map.Entry<String, Long> order : sentAtMillis.entrySet()) {
      String id = order.getKey();
      Outcome outcome;
      if (duplicated.contains(id)) {
        outcome = Outcome.DUPLICATED;
      } else if (completedAt.containsKey(id)) {
        outcome = Outcome.COMPLETED;
      } else if (lost.contains(id)) {
        outcome = Outcome.LOST;
      } else {
        outcome = Outcome.FAULTED;
      }
      List<Object> row = new ArrayList<>();
      row.add(id);
      row.add(lines.get(id));
      row.add(order.getValue());
      row.add(dueAtMillis.get(id));
      row.add(completedAt.get(id));
      row.add(outcome);
      row.add(accounting.faults().get(id));
      rows.add(row);
    }
    try {
      return CSV.writer(schema.build()).writeValueAsString(rows);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
