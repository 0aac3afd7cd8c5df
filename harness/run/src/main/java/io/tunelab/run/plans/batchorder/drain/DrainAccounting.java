package io.tunelab.run.plans.batchorder.drain;

import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.TimedLatencies;
import io.tunelab.tiers.mocks.MockEvents;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Accounts for every order of a batch: which completed (the Siebel mock answered its
 * UpdateSalesOrder without a fault), which faulted ({@code process_instance} rows in state {@code
 * faulted}), which are lost or duplicated, and how fast the batch drained.
 */
public final class DrainAccounting {
  /** The Siebel operation whose arrival completes an order. */
  public static final String COMPLETING_OPERATION = "UpdateSalesOrder";

  private static final int SIGNIFICANT_DIGITS = 3;

  private DrainAccounting() {}

  /**
   * The orders a batch-order run submitted, in JTL order: id to send time (epoch milliseconds).
   * Failed samples are not submitted. For latency from each order's intended send time in rate
   * mode, use {@link #latencyOrigins}.
   */
  public static Map<String, Long> submitted(List<JtlRecord> records) {
    Map<String, Long> sent = new LinkedHashMap<>();
    for (JtlRecord record : records) {
      if (record.success()) {
        sent.merge(orderId(record), record.timeStampMillis(), Math::min);
      }
    }
    return sent;
  }

  /**
   * The orders whose sends all failed in the JTL (none of their samples succeeded): not submitted,
   * yet a send that timed out may have reached the broker, and such an order may complete.
   */
  public static Set<String> failedSends(List<JtlRecord> records) {
    Set<String> failed = new TreeSet<>();
    Set<String> sent = new HashSet<>();
    for (JtlRecord record : records) {
      (record.success() ? sent : failed).add(orderId(record));
    }
    failed.removeAll(sent);
    return failed;
  }

  /**
   * The orders a batch-order run submitted, in JTL order: id to the time its latency is measured
   * from, epoch milliseconds. In rate mode that is the order's intended send time (the JTL's
   * {@value ArrivalRate#INTENDED_AT}), so a late send counts its lateness in the latency instead of
   * hiding it (coordinated omission); an order without one (unpaced) counts from its actual send,
   * as {@link #submitted} does. Failed samples are not submitted.
   *
   * @throws IllegalArgumentException when an intended time is not whole milliseconds
   */
  public static Map<String, Long> latencyOrigins(List<JtlRecord> records) {
    Map<String, Long> origins = new LinkedHashMap<>();
    for (JtlRecord record : records) {
      if (record.success()) {
        long origin = record.intendedAtMillis().orElse(record.timeStampMillis());
        origins.merge(orderId(record), origin, Math::min);
      }
    }
    return origins;
  }

  /**
   * The lines of each order a batch-order run submitted, from the JTL's {@code lineCount}: the work
   * an order carries, for the repetition's ledger. Empty when a submitted order's record has no
   * line count (a JTL of another plan, or one written before the column).
   */
  public static Map<String, Integer> lines(List<JtlRecord> records) {
    Map<String, Integer> lines = new HashMap<>();
    for (JtlRecord record : records) {
      if (record.success()) {
        String count = record.get("lineCount");
        if (count == null || !count.matches("[1-9][0-9]{0,5}")) {
          return Map.of();
        }
        lines.put(orderId(record), Integer.valueOf(count));
      }
    }
    return lines;
  }

  private static String orderId(JtlRecord record) {
    return record.get("orderId") != null ? record.get("orderId") : record.label();
  }

  /**
   * @param sentAtMillis each submitted order id and the time its latency counts from, epoch
   *     milliseconds: its send time ({@link #submitted}), or in rate mode its intended send time
   *     ({@link #latencyOrigins})
   * @param failedSends the orders whose sends failed ({@link #failedSends}): their completions are
   *     recovered, not unexpected
   * @param events what the Siebel mock answered in the batch's window; only fault-free {@value
   *     #COMPLETING_OPERATION} events count: those of submitted orders complete them, those of
   *     failed sends are recovered, the others are unexpected
   * @param faults faulted order ids and their reasons; ids not submitted are ignored
   */
  public static Accounting account(
      Map<String, Long> sentAtMillis,
      Set<String> failedSends,
      Collection<MockEvents.Event> events,
      Map<String, String> faults) {
    Map<String, List<Long>> completions = completions(sentAtMillis, events);
    List<String> lost = new ArrayList<>();
    List<String> duplicated = new ArrayList<>();
    Map<String, String> faultsOfBatch = new HashMap<>();
    int completed = 0;
    int faulted = 0;
    TimedLatencies latency = new TimedLatencies(SIGNIFICANT_DIGITS);
    List<Long> completedAt = new ArrayList<>();
    List<String> completedIds = new ArrayList<>();
    long firstSend = Long.MAX_VALUE;
    long lastCompletion = 0;
    for (Map.Entry<String, Long> order : sentAtMillis.entrySet()) {
      String id = order.getKey();
      long sentAt = order.getValue();
      firstSend = Math.min(firstSend, sentAt);
      List<Long> times = completions.getOrDefault(id, List.of());
      boolean isFaulted = faults.containsKey(id);
      if (isFaulted) {
        faultsOfBatch.put(id, faults.get(id));
      }
      if (!times.isEmpty()) {
        completed++;
        long first = times.stream().mapToLong(Long::longValue).min().orElseThrow();
        latency.record(first, Math.max(0, first - sentAt));
        completedAt.add(first);
        completedIds.add(id);
        lastCompletion = Math.max(lastCompletion, first);
        if (times.size() > 1 || isFaulted) {
          duplicated.add(id);
        }
      } else if (isFaulted) {
        faulted++;
      } else {
        lost.add(id);
      }
    }
    lost.sort(null);
    duplicated.sort(null);
    List<String> unexpected = unexpected(sentAtMillis, events);
    List<String> recovered = unexpected.stream().filter(failedSends::contains).toList();
    unexpected = unexpected.stream().filter(id -> !failedSends.contains(id)).toList();
    DrainMetrics metrics =
        new DrainMetrics(
            completed,
            sentAtMillis.isEmpty() ? 0 : firstSend,
            lastCompletion,
            latency,
            completedAt,
            completedIds);
    return new Accounting(
        sentAtMillis.size(),
        completed,
        faulted,
        lost,
        duplicated,
        unexpected,
        recovered,
        faultsOfBatch,
        metrics);
  }

  /** The completing answers of the window for orders the batch did not submit, each id once. */
  private static List<String> unexpected(
      Map<String, Long> sentAtMillis, Collection<MockEvents.Event> events) {
    return events.stream()
        .filter(e -> COMPLETING_OPERATION.equals(e.operation()) && !e.fault() && e.key() != null)
        .map(MockEvents.Event::key)
        .filter(id -> !sentAtMillis.containsKey(id))
        .distinct()
        .sorted()
        .toList();
  }

  private static Map<String, List<Long>> completions(
      Map<String, Long> sentAtMillis, Collection<MockEvents.Event> events) {
    Map<String, List<Long>> completions = new HashMap<>();
    for (MockEvents.Event event : events) {
      if (COMPLETING_OPERATION.equals(event.operation())
          && !event.fault()
          && event.key() != null
          && sentAtMillis.containsKey(event.key())) {
        completions.computeIfAbsent(event.key(), id -> new ArrayList<>()).add(event.epochMillis());
      }
    }
    return completions;
  }
}
