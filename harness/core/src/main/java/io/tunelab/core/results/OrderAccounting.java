package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where every order of a batch ended: submitted = completed + faulted + lost. Duplicated orders
 * (completed twice, or completed and faulted) are counted among the completed too.
 *
 * @param faultReasons the faulted orders by the middleware's fault reason (its {@code
 *     process_instance.fault_reason}), with how many had each; empty when none faulted or in older
 *     runs
 * @param sendFailures the orders the load tier failed to send by the JTL's response message, with
 *     how many had each (they are in the repetition's errors, not in submitted)
 */
public record OrderAccounting(
    int submitted,
    int completed,
    int faulted,
    int lost,
    int duplicated,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> faultReasons,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> sendFailures) {
  public OrderAccounting {
    faultReasons = faultReasons == null ? Map.of() : Map.copyOf(faultReasons);
    sendFailures = sendFailures == null ? Map.of() : Map.copyOf(sendFailures);
  }

  /** The counts alone, without the reasons. */
  public OrderAccounting(int submitted, int completed, int faulted, int lost, int duplicated) {
    this(submitted, completed, faulted, lost, duplicated, Map.of(), Map.of());
  }

  /** Every order completed or faulted, exactly once. */
  public boolean complete() {
    return lost == 0 && duplicated == 0 && completed + faulted == submitted;
  }

  /** The sum of several batches' accounting. */
  public static OrderAccounting sum(List<OrderAccounting> all) {
    int submitted = 0;
    int completed = 0;
    int faulted = 0;
    int lost = 0;
    int duplicated = 0;
    Map<String, Long> reasons = new TreeMap<>();
    Map<String, Long> sends = new TreeMap<>();
    for (OrderAccounting a : all) {
      submitted += a.submitted;
      completed += a.completed;
      faulted += a.faulted;
      lost += a.lost;
      duplicated += a.duplicated;
      a.faultReasons.forEach((k, v) -> reasons.merge(k, v, Long::sum));
      a.sendFailures.forEach((k, v) -> sends.merge(k, v, Long::sum));
    }
    return new OrderAccounting(submitted, completed, faulted, lost, duplicated, reasons, sends);
  }
}
