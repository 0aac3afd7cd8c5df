package io.tunelab.core.results;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A repetition's or a step's failures by operation and error, with how many had each: the SOAP and
 * sort requests' JTL errors (response code and message), the orders the middleware faulted (by its
 * fault reason) or the load tier could not send ({@value #SEND}), the messages the server failed
 * (by reason), the orders or messages lost, and orders completed that were not the batch's.
 */
public final class ErrorKinds {
  /** The batch-order plan's sends, whose failures the JTL names. */
  public static final String SEND = "send";

  /** The error of an order or message nobody answered for. */
  public static final String LOST = "lost: neither completed nor failed";

  /** The error of an order completed twice or completed and faulted. */
  public static final String DUPLICATED = "duplicated: completed twice, or completed and faulted";

  /** The error of an order that completed in a batch's window without being one of its own. */
  public static final String UNEXPECTED =
      "unexpected: completed in the batch's window, never submitted by it";

  private ErrorKinds() {}

  /** The repetition's failures: operation to error to count, in name order. */
  public static Map<String, Map<String, Long>> of(Repetition r) {
    return counted(r.measures().failures());
  }

  /** These failures in name order, without the errors that did not happen. */
  static Map<String, Map<String, Long>> counted(Map<String, Map<String, Long>> failures) {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    add(out, failures);
    return out;
  }

  /** Every repetition's failures summed, the invalid ones' too (they are what failed). */
  public static Map<String, Map<String, Long>> ofStep(List<Repetition> repetitions) {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    repetitions.forEach(r -> add(out, of(r)));
    return out;
  }

  private static void add(Map<String, Map<String, Long>> out, Map<String, Map<String, Long>> more) {
    more.forEach((op, errors) -> errors.forEach((k, v) -> put(out, op, k, v)));
  }

  /** Adds {@code n} failures of {@code op} with {@code error}; none when {@code n} is 0. */
  public static void put(Map<String, Map<String, Long>> out, String op, String error, long n) {
    if (n > 0) {
      out.computeIfAbsent(op, k -> new TreeMap<>()).merge(error, n, Long::sum);
    }
  }
}
