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
 * @param unexpected orders that completed in the batch's window without being among its submitted
 *     ones (another batch's work measured with this one); absent from run.json when none
 * @param recovered orders whose sends the load tier counted as failed (in sendFailures) that
 *     completed all the same: the broker had taken them; absent from run.json when none
 */
public record OrderAccounting(
    int submitted,
    int completed,
    int faulted,
    int lost,
    int duplicated,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> faultReasons,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> sendFailures,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) int unexpected,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) int recovered) {
  public OrderAccounting {
    faultReasons = faultReasons == null ? Map.of() : Map.copyOf(faultReasons);
    sendFailures = sendFailures == null ? Map.of() : Map.copyOf(sendFailures);
  }

  /** The counts alone, without the reasons. */
  public OrderAccounting(int submitted, int completed, int faulted, int lost, int duplicated) {
    this(submitted, completed, faulted, lost, duplicated, Map.of(), Map.of(), 0, 0);
  }

  /** The counts and the reasons, nothing unexpected. */
  public OrderAccounting(
      int submitted,
      int completed,
      int faulted,
      int lost,
      int duplicated,
      Map<String, Long> faultReasons,
      Map<String, Long> sendFailures) {
    this(submitted, completed, faulted, lost, duplicated, faultReasons, sendFailures, 0, 0);
  }

  /** Every order completed or faulted, exactly once, and nothing else completed beside them. */
  public boolean complete() {
    return lost == 0 && duplicated == 0 && unexpected == 0 && completed + faulted == submitted;
  }

  /** The sum of several batches' accounting. */
  public static OrderAccounting sum(List<OrderAccounting> all) {
    int submitted = 0;
    int completed = 0;
    int faulted = 0;
    int lost = 0;
    int duplicated = 0;
    int unexpected = 0;
    int recovered = 0;
    Map<String, Long> reasons = new TreeMap<>();
    Map<String, Long> sends = new TreeMap<>();
    for (OrderAccounting a : all) {
      submitted += a.submitted;
      completed += a.completed;
      faulted += a.faulted;
      lost += a.lost;
      duplicated += a.duplicated;
      unexpected += a.unexpected;
      recovered += a.recovered;
      a.faultReasons.forEach((k, v) -> reasons.merge(k, v, Long::sum));
      a.sendFailures.forEach((k, v) -> sends.merge(k, v, Long::sum));
    }
    return new OrderAccounting(
        submitted, completed, faulted, lost, duplicated, reasons, sends, unexpected, recovered);
  }
}
