package io.tunelab.core.findings;

import java.util.List;

/** Shapes of a time series the rules ask about, the house's and the plan rooms' alike. */
public final class Trend {
  private Trend() {}

  /** Least-squares slope of the points, in value units per second; 0 for fewer than 2 points. */
  public static double slopePerSecond(List<Point> points) {
    int n = points.size();
    if (n < 2) {
      return 0;
    }
    long t0 = points.get(0).epochMillis();
    double meanT = 0;
    double meanV = 0;
    for (Point p : points) {
      meanT += (p.epochMillis() - t0) / 1000.0;
      meanV += p.value();
    }
    meanT /= n;
    meanV /= n;
    double covariance = 0;
    double variance = 0;
    for (Point p : points) {
      double t = (p.epochMillis() - t0) / 1000.0 - meanT;
      covariance += t * (p.value() - meanV);
      variance += t * t;
    }
    return variance == 0 ? 0 : covariance / variance;
  }

  /**
   * The largest sustained rise: the greatest increase from a point to a later one at least {@code
   * minSeconds} after it, over which at least {@code minRisingShare} of the steps did not fall (so
   * a batch that lands at once and then drains is no rise).
   */
  public static Rise largestRise(List<Point> points, double minSeconds, double minRisingShare) {
    int[] rising = new int[points.size()];
    for (int i = 1; i < points.size(); i++) {
      boolean up = points.get(i).value() >= points.get(i - 1).value();
      rising[i] = rising[i - 1] + (up ? 1 : 0);
    }
    Rise best = new Rise(0, 0, 0, 0);
    for (int low = 0; low < points.size(); low++) {
      Point from = points.get(low);
      for (int high = low + 1; high < points.size(); high++) {
        Point to = points.get(high);
        double seconds = (to.epochMillis() - from.epochMillis()) / 1000.0;
        double rise = to.value() - from.value();
        double share = (double) (rising[high] - rising[low]) / (high - low);
        if (seconds >= minSeconds && rise > best.rise() && share >= minRisingShare) {
          best = new Rise(from.value(), to.value(), seconds, rise);
        }
      }
    }
    return best;
  }

  public static double mean(List<Point> points) {
    return points.stream().mapToDouble(Point::value).average().orElse(0);
  }

  public static double max(List<Point> points) {
    return points.stream().mapToDouble(Point::value).max().orElse(0);
  }

  public static double last(List<Point> points) {
    return points.isEmpty() ? 0 : points.get(points.size() - 1).value();
  }

  /** A rise from {@code from} to {@code to} over {@code seconds}. */
  public record Rise(double from, double to, double seconds, double rise) {
    public double perSecond() {
      return seconds == 0 ? 0 : rise / seconds;
    }
  }
}
