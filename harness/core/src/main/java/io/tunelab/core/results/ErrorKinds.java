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
    Map<String, Map<String, Long>> out = new TreeMap<>();
    PlanMeasures measures = r.measures();
    if (measures instanceof SoapMeasures s && s.requests() != null) {
      add(out, s.requests().failures());
    } else if (measures instanceof SortMeasures s && s.requests() != null) {
      add(out, s.requests().failures());
    } else if (measures instanceof BatchOrderMeasures b && b.accounting() != null) {
      OrderAccounting a = b.accounting();
      a.faultReasons().forEach((k, v) -> put(out, Operations.ORDER, k, v));
      a.sendFailures().forEach((k, v) -> put(out, SEND, k, v));
      put(out, Operations.ORDER, LOST, a.lost());
      put(out, Operations.ORDER, DUPLICATED, a.duplicated());
      put(out, Operations.ORDER, UNEXPECTED, a.unexpected());
    } else if (measures instanceof MessagingMeasures m && m.messages() != null) {
      m.messages().failureReasons().forEach((k, v) -> put(out, Operations.MESSAGE, k, v));
      put(out, Operations.MESSAGE, LOST, m.messages().lost());
    }
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

  private static void put(Map<String, Map<String, Long>> out, String op, String error, long n) {
    if (n > 0) {
      out.computeIfAbsent(op, k -> new TreeMap<>()).merge(error, n, Long::sum);
    }
  }
}
