package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Estimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Compares two steps' counted repetitions of one run: round by round ({@link Comparison#paired})
 * when they ran in rounds and two rounds or more hold a repetition of each, otherwise unpaired.
 * Repetitions of two different runs never pair, whatever their rounds.
 */
public final class RoundPairs {
  /** Fewest rounds with a repetition of each side for a paired comparison. */
  public static final int MIN_PAIRS = 2;

  private RoundPairs() {}

  /**
   * @param a the counted repetitions of A
   * @param b those of B
   * @param estimate a repetition's value of the metric compared
   * @param sameRun whether both are of one run (only then can they pair)
   */
  public static Comparison compare(
      List<Repetition> a,
      List<Repetition> b,
      Function<Repetition, Estimate> estimate,
      Direction direction,
      boolean sameRun) {
    if (sameRun) {
      Map<Integer, Repetition> byRoundA = byRound(a);
      Map<Integer, Repetition> byRoundB = byRound(b);
      List<Integer> common = new ArrayList<>(byRoundA.keySet());
      common.retainAll(byRoundB.keySet());
      if (common.size() >= MIN_PAIRS) {
        common.sort(null);
        return Comparison.paired(
            common.stream().map(r -> estimate.apply(byRoundA.get(r))).toList(),
            common.stream().map(r -> estimate.apply(byRoundB.get(r))).toList(),
            direction);
      }
    }
    return Comparison.of(
        a.stream().map(estimate).toList(), b.stream().map(estimate).toList(), direction);
  }

  /** The repetitions by the round they ran in; those without one are left out. */
  private static Map<Integer, Repetition> byRound(List<Repetition> counted) {
    Map<Integer, Repetition> out = new LinkedHashMap<>();
    for (Repetition r : counted) {
      Integer round = r.protocolOrNone().round();
      if (round != null) {
        out.putIfAbsent(round, r);
      }
    }
    return out;
  }
}
