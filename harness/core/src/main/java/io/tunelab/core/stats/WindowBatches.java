package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A window's steady part cut into k batches of (nearly) equal counts of completions, their
 * durations in time order: the first cut of {@link BatchMeans}, kept so that the repetitions of a
 * step can be compared batch by batch ({@link AlignedWindows}). Repetitions of one step send the
 * same seeded orders in the same order and keep the same count, so batch j of each holds nearly the
 * same orders, and its counts, which differ by one where k does not divide the window, are the same
 * in every repetition.
 *
 * @param completions the completions of the steady part (its rate's numerator)
 * @param millis the batches' durations, ms, in time order
 */
public record WindowBatches(int completions, List<Double> millis) {
  public WindowBatches {
    millis = List.copyOf(millis);
  }

  /**
   * The cut of a window's completions (epoch milliseconds, any order); empty when the steady part
   * is too short for {@link BatchMeans#MIN_BATCHES} batches of a few completions or has no length.
   */
  public static Optional<WindowBatches> of(List<Long> completionMillis) {
    return Cut.of(completionMillis).map(c -> new WindowBatches(c.completions(), boxed(c.millis())));
  }

  /** The steady rate: all the batches' completions over all their time, per minute. */
  public double perMinute() {
    return completions * 60_000.0 / totalMillis();
  }

  /** The steady part's length, ms. */
  public double totalMillis() {
    return millis.stream().mapToDouble(Double::doubleValue).sum();
  }

  /** k, the batches. */
  public int batches() {
    return millis.size();
  }

  /** The finest cut: counts and durations of k batches, k a power of two up to 32. */
  record Cut(int completions, double[] counts, double[] millis) {
    static Optional<Cut> of(List<Long> completionMillis) {
      List<Long> sorted = new ArrayList<>(completionMillis);
      sorted.sort(null);
      int n = sorted.size();
      if (n < CompletionRates.MIN_FOR_STEADY) {
        return Optional.empty();
      }
      int from = (int) Math.floor(CompletionRates.TRIM * n);
      int to = (int) Math.ceil((1 - CompletionRates.TRIM) * n) - 1;
      int completions = to - from;
      int k = Math.min(BatchMeans.MAX_BATCHES, completions / BatchMeans.MIN_PER_BATCH);
      if (sorted.get(to) - sorted.get(from) <= 0 || k < BatchMeans.MIN_BATCHES) {
        return Optional.empty();
      }
      // powers of two merge evenly
      k = Integer.highestOneBit(k);
      double[] counts = new double[k];
      double[] millis = new double[k];
      for (int j = 0; j < k; j++) {
        int start = from + (int) Math.round((double) j * completions / k);
        int end = from + (int) Math.round((double) (j + 1) * completions / k);
        counts[j] = end - start;
        millis[j] = sorted.get(end) - sorted.get(start);
      }
      return Optional.of(new Cut(completions, counts, millis));
    }
  }

  private static List<Double> boxed(double[] values) {
    List<Double> out = new ArrayList<>();
    for (double v : values) {
      out.add(v);
    }
    return out;
  }
}
