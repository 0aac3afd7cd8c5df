package io.tunelab.core.results;

import java.util.List;

/**
 * Where each unit a repetition tried ended, as repetitions.csv counts it: submitted = completed +
 * faulted + lost, duplicates counted among the completed too.
 */
public record UnitTally(int submitted, int completed, int faulted, int lost, int duplicated) {
  /** The sum of several repetitions' tallies; null when there are none. */
  public static UnitTally sum(List<UnitTally> all) {
    if (all.isEmpty()) {
      return null;
    }
    return new UnitTally(
        all.stream().mapToInt(UnitTally::submitted).sum(),
        all.stream().mapToInt(UnitTally::completed).sum(),
        all.stream().mapToInt(UnitTally::faulted).sum(),
        all.stream().mapToInt(UnitTally::lost).sum(),
        all.stream().mapToInt(UnitTally::duplicated).sum());
  }
}
