package io.tunelab.core.results;

import java.util.List;

/**
 * Where every order of a batch ended: submitted = completed + faulted + lost. Duplicated orders
 * (completed twice, or completed and faulted) are counted among the completed too.
 */
public record OrderAccounting(int submitted, int completed, int faulted, int lost, int duplicated) {
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
    for (OrderAccounting a : all) {
      submitted += a.submitted;
      completed += a.completed;
      faulted += a.faulted;
      lost += a.lost;
      duplicated += a.duplicated;
    }
    return new OrderAccounting(submitted, completed, faulted, lost, duplicated);
  }
}
