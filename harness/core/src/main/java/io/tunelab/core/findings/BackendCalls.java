package io.tunelab.core.findings;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What the back-ends (the mocks) answered over the measured window, and how long orders took.
 *
 * @param operations calls per back-end operation with the latency the mock added to each
 * @param completedOrders orders completed in the window (0 when unknown)
 * @param endToEndMeanMillis the mean end-to-end latency of an order or request, when the runner
 *     measured it
 */
public record BackendCalls(
    List<Operation> operations, long completedOrders, OptionalDouble endToEndMeanMillis) {
  public BackendCalls {
    operations = List.copyOf(operations);
  }

  public static BackendCalls none() {
    return new BackendCalls(List.of(), 0, OptionalDouble.empty());
  }

  /** The same calls with the end-to-end mean latency the runner measured. */
  public BackendCalls withEndToEnd(long completed, double meanMillis) {
    return new BackendCalls(operations, completed, OptionalDouble.of(meanMillis));
  }

  /**
   * One operation of one mock.
   *
   * @param backend {@code siebel} or {@code brm}
   * @param operation e.g. {@code AddSubscription}
   * @param calls answered calls
   * @param faults of those, the calls the mock failed (a SOAP Fault, a broken connection or answer)
   * @param meanDelayMillis the mean delay the mock adds to an answer (its latency setting)
   */
  public record Operation(
      String backend, String operation, long calls, long faults, double meanDelayMillis) {
    /** An operation none of whose calls failed. */
    public Operation(String backend, String operation, long calls, double meanDelayMillis) {
      this(backend, operation, calls, 0, meanDelayMillis);
    }
  }
}
