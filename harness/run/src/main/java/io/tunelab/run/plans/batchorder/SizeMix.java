package io.tunelab.run.plans.batchorder;

import io.tunelab.core.BadInputException;

/**
 * Relative weights of the order sizes in a batch: order n is small, medium or large with
 * probability weight / sum of the weights, drawn from the plan's seed.
 *
 * @param small weight of small orders (2 lines, 3,000 bytes)
 * @param medium weight of medium orders (10 lines, 12,000 bytes)
 * @param large weight of large orders (40 lines, 45,000 bytes)
 */
public record SizeMix(int small, int medium, int large) {
  /** The largest weight the plan accepts. */
  public static final int MAX_WEIGHT = 999_999;

  public SizeMix {
    if (!inRange(small) || !inRange(medium) || !inRange(large) || small + medium + large == 0) {
      throw new BadInputException(
          "mix must be three weights small:medium:large, each 0.."
              + MAX_WEIGHT
              + " and not all 0 (e.g. 1:1:1), was "
              + small
              + ":"
              + medium
              + ":"
              + large);
    }
  }

  /** Parses {@code small:medium:large}, e.g. {@code 1:1:1} or {@code 2:1:0}. */
  public static SizeMix parse(String text) {
    String[] parts = text == null ? new String[0] : text.trim().split(":", -1);
    if (parts.length != 3) {
      throw new BadInputException(
          "mix must be three weights small:medium:large (e.g. 1:1:1), was '" + text + "'");
    }
    try {
      return new SizeMix(
          Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
    } catch (NumberFormatException e) {
      throw new BadInputException(
          "mix must be three whole-number weights small:medium:large (e.g. 1:1:1), was '"
              + text
              + "'",
          e);
    }
  }

  private static boolean inRange(int weight) {
    return weight >= 0 && weight <= MAX_WEIGHT;
  }

  /** The plan's notation, {@code small:medium:large}. */
  @Override
  public String toString() {
    return small + ":" + medium + ":" + large;
  }
}
