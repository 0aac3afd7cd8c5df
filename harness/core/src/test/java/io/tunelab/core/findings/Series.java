package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.List;

/** Synthetic time series for the rule tests: one point a second from a fixed start. */
final class Series {
  static final long START = 1_800_000_000_000L;

  private Series() {}

  /** One point a second with these values. */
  static List<Point> of(double... values) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      points.add(new Point(START + 1000L * i, values[i]));
    }
    return points;
  }

  /** {@code seconds} points, {@code start + perSecond * i}. */
  static List<Point> line(int seconds, double start, double perSecond) {
    double[] values = new double[seconds];
    for (int i = 0; i < seconds; i++) {
      values[i] = start + perSecond * i;
    }
    return of(values);
  }

  static List<Point> flat(int seconds, double value) {
    return line(seconds, value, 0);
  }
}
