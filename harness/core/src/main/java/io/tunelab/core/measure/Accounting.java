package io.tunelab.core.measure;

import java.util.List;
import java.util.Map;

/**
 * Where every submitted order of a batch ended. Each order counts once: completed (its
 * UpdateSalesOrder reached the Siebel mock), faulted (the middleware gave up on it), or lost
 * (neither). A run is valid when none is lost and none is duplicated.
 *
 * @param submitted orders the load tier sent successfully
 * @param completed orders with at least one UpdateSalesOrder, including duplicated ones
 * @param faulted orders faulted and never completed
 * @param lost ids of orders neither completed nor faulted, sorted
 * @param duplicated ids of orders completed more than once, or completed and faulted, sorted
 * @param faults the fault reason of each faulted order (also of those completed as well)
 * @param metrics drain rate and end-to-end latency of the completed orders
 */
public record Accounting(
    int submitted,
    int completed,
    int faulted,
    List<String> lost,
    List<String> duplicated,
    Map<String, String> faults,
    DrainMetrics metrics) {
  /** How many ids a message lists before it only counts the rest. */
  public static final int LISTED_IDS = 20;

  public Accounting {
    lost = List.copyOf(lost);
    duplicated = List.copyOf(duplicated);
    faults = Map.copyOf(faults);
  }

  /** Every order completed or faulted, exactly once. */
  public boolean valid() {
    return lost.isEmpty() && duplicated.isEmpty() && completed + faulted == submitted;
  }

  /** One paragraph: the counts, and for an invalid run which ids are lost or duplicated. */
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
