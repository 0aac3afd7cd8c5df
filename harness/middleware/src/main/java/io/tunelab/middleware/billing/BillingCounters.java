package io.tunelab.middleware.billing;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the billing-care service for {@code /status}: per operation the requests taken, the
 * answers and the faults given; requests that named no known operation or customer. The requests in
 * flight are the server's ({@link io.tunelab.middleware.http.WorkerServer}).
 */
final class BillingCounters {
  private final Map<BillingOperation, OperationCounters> operations =
      new EnumMap<>(BillingOperation.class);
  private final LongAdder unknownOperations = new LongAdder();
  private final LongAdder unknownCustomers = new LongAdder();

  BillingCounters() {
    for (BillingOperation operation : BillingOperation.values()) {
      operations.put(operation, new OperationCounters());
    }
  }

  void received(BillingOperation operation) {
    operations.get(operation).requests.increment();
  }

  void answered(BillingOperation operation) {
    operations.get(operation).answered.increment();
  }

  /** A Fault answered; {@code operation} null when the request named no known operation. */
  void faulted(BillingOperation operation, String faultcode) {
    if (operation == null) {
      unknownOperations.increment();
      return;
    }
    OperationCounters counters = operations.get(operation);
    (SoapFaults.CLIENT.equals(faultcode) ? counters.clientFaults : counters.serverFaults)
        .increment();
  }

  void unknownCustomer() {
    unknownCustomers.increment();
  }

  /** Counters by name, for the status document. */
  Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    operations.forEach((operation, counters) -> map.put(operation.crmName(), counters.asMap()));
    map.put("unknownOperations", unknownOperations.sum());
    map.put("unknownCustomers", unknownCustomers.sum());
    return map;
  }

  private static final class OperationCounters {
    final LongAdder requests = new LongAdder();
    final LongAdder answered = new LongAdder();
    final LongAdder clientFaults = new LongAdder();
    final LongAdder serverFaults = new LongAdder();

    Map<String, Object> asMap() {
      return Map.of(
          "requests", requests.sum(),
          "answered", answered.sum(),
          "clientFaults", clientFaults.sum(),
          "serverFaults", serverFaults.sum());
    }
  }
}
