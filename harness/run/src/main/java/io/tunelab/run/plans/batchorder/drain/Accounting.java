package io.tunelab.run.plans.batchorder.drain;

import java.util.List;
import java.util.Map;

/**
 * Where every submitted order of a batch ended. Each order counts once: completed (its
 * UpdateSalesOrder reached the Siebel mock), faulted (the middleware gave up on it), or lost
 * (neither). A run is valid when none is lost, none is duplicated and nothing the batch did not
 * submit completed in its window (as Jepsen's queue checker calls a read of what was never written
 * unexpected: here the work of another batch, left over and measured with this one).
 *
 * @param submitted orders the load tier sent successfully
 * @param completed orders with at least one UpdateSalesOrder, including duplicated ones
 * @param faulted orders faulted and never completed
 * @param lost ids of orders neither completed nor faulted, sorted
 * @param duplicated ids of orders completed more than once, or completed and faulted, sorted
 * @param unexpected ids that completed in the batch's window without being among its submitted
 *     orders or its failed sends (another batch's work), sorted, each once
 * @param recovered ids whose sends the load tier counted as failed that completed all the same (the
 *     broker had taken them before the send gave up), sorted, each once: not submitted, not
 *     unexpected, already in the load tier's errors
 * @param faults the fault reason of each faulted order (also of those completed as well)
 * @param metrics drain rate and end-to-end latency of the completed orders
 */
public record Accounting(
    int submitted,
    int completed,
    int faulted,
    List<String> lost,
    List<String> duplicated,
    List<String> unexpected,
    List<String> recovered,
    Map<String, String> faults,
    DrainMetrics metrics) {
  /** How many ids a message lists before it only counts the rest. */
  public static final int LISTED_IDS = 20;

  public Accounting {
    lost = List.copyOf(lost);
    duplicated = List.copyOf(duplicated);
    unexpected = List.copyOf(unexpected);
    recovered = List.copyOf(recovered);
    faults = Map.copyOf(faults);
  }

  /** Every order completed or faulted, exactly once, and no other order completed beside them. */
  public boolean valid() {
    return lost.isEmpty()
        && duplicated.isEmpty()
        && unexpected.isEmpty()
        && completed + faulted == submitted;
  }

  /**
   * One paragraph: the counts, and for an invalid run which ids are lost, duplicated or unexpected.
   */
  public String message() {
    StringBuilder text =
        new StringBuilder(valid() ? "all orders accounted for: " : "INVALID RUN: ")
            .append(submitted)
            .append(" submitted = ")
            .append(completed)
            .append(" completed + ")
            .append(faulted)
            .append(" faulted + ")
            .append(lost.size())
            .append(" lost");
    if (!lost.isEmpty()) {
      text.append("; ").append(lost.size()).append(" LOST: ").append(listing(lost));
    }
    if (!duplicated.isEmpty()) {
      text.append("; ")
          .append(duplicated.size())
          .append(" DUPLICATED (completed twice, or completed and faulted): ")
          .append(listing(duplicated));
    }
    if (!unexpected.isEmpty()) {
      text.append("; ")
          .append(unexpected.size())
          .append(" UNEXPECTED (completed in this batch's window, never submitted by it: another")
          .append(" batch's work measured with this one): ")
          .append(listing(unexpected));
    }
    if (!recovered.isEmpty()) {
      text.append("; ")
          .append(recovered.size())
          .append(" sends the load tier counted as failed completed all the same (the broker had")
          .append(" taken them): ")
          .append(listing(recovered));
    }
    return text.toString();
  }

  private static String listing(List<String> ids) {
    if (ids.size() <= LISTED_IDS) {
      return String.join(", ", ids);
    }
    return String.join(", ", ids.subList(0, LISTED_IDS))
        + " and "
        + (ids.size() - LISTED_IDS)
        + " more";
  }

  @Override
  public String toString() {
    return message();
  }
}
