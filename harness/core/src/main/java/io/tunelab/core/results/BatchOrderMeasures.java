package io.tunelab.core.results;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What a batch-order repetition measured beside its metrics.
 *
 * @param accounting where every order of the measured batch ended
 * @param window how the measured window was made (mode, hold, drain and steady spans, the whole
 *     drain's throughput); null until the run loop adds it, and in runs older than it
 * @param beside the billing-care requests answered inside the drain by users querying beside it
 *     ({@code workload.besideUsers}); null when none ran
 */
public record BatchOrderMeasures(
    OrderAccounting accounting, MeasuredWindow window, RequestMetrics beside)
    implements PlanMeasures {
  /** The accounting alone, before the window is added. */
  public static BatchOrderMeasures of(OrderAccounting accounting) {
    return new BatchOrderMeasures(accounting, null, null);
  }

  /** The accounting and how the window was made, with no load beside it. */
  public BatchOrderMeasures(OrderAccounting accounting, MeasuredWindow window) {
    this(accounting, window, null);
  }

  /** These measures with how the window was made. */
  public BatchOrderMeasures withWindow(MeasuredWindow made) {
    return new BatchOrderMeasures(accounting, made, beside);
  }

  /** These measures with the requests of the load beside the drain. */
  public BatchOrderMeasures withBeside(RequestMetrics requests) {
    return new BatchOrderMeasures(accounting, window, requests);
  }

  /** The orders submitted, and those the load tier failed to send (errors no fault explains). */
  @Override
  public OptionalDouble attempts(Metrics metrics) {
    if (accounting == null) {
      return OptionalDouble.empty();
    }
    double unsent = metrics.errors() - accounting.faulted();
    return OptionalDouble.of(accounting.submitted() + Math.max(0, unsent));
  }

  @Override
  public Map<String, Map<String, Long>> failures() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    if (accounting != null) {
      accounting.faultReasons().forEach((k, v) -> ErrorKinds.put(out, Operations.ORDER, k, v));
      accounting.sendFailures().forEach((k, v) -> ErrorKinds.put(out, ErrorKinds.SEND, k, v));
      ErrorKinds.put(out, Operations.ORDER, ErrorKinds.LOST, accounting.lost());
      ErrorKinds.put(out, Operations.ORDER, ErrorKinds.DUPLICATED, accounting.duplicated());
      ErrorKinds.put(out, Operations.ORDER, ErrorKinds.UNEXPECTED, accounting.unexpected());
    }
    if (beside != null) {
      ErrorKinds.counted(beside.failures())
          .forEach((operation, errors) -> out.put(Operations.BESIDE + operation, errors));
    }
    return out;
  }

  /** Orders completed, faulted, lost and duplicated over the step. */
  @Override
  public String outcomes(List<PlanMeasures> step) {
    OrderAccounting a = stepAccounting(step);
    if (a == null) {
      return "-";
    }
    return a.completed() + "/" + a.faulted() + "/" + a.lost() + "/" + a.duplicated();
  }

  /** The orders of every batch of the step, summed; null when none was accounted for. */
  @Override
  public OrderAccounting stepAccounting(List<PlanMeasures> step) {
    List<OrderAccounting> each =
        step.stream().map(PlanMeasures::accounting).filter(Objects::nonNull).toList();
    return each.isEmpty() ? null : OrderAccounting.sum(each);
  }

  @Override
  public UnitTally tally() {
    return accounting == null
        ? null
        : new UnitTally(
            accounting.submitted(),
            accounting.completed(),
            accounting.faulted(),
            accounting.lost(),
            accounting.duplicated());
  }

  @Override
  public String unitOperation() {
    return Operations.ORDER;
  }
}
