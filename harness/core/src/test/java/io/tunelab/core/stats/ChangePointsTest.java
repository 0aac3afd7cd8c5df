package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.stats.ChangePoints.ChangePoint;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChangePointsTest {
  private static final ChangePoints DETECT = ChangePoints.DEFAULTS;

  /** n values around {@code level} with a normal noise of {@code cv} (fraction of the level). */
  private static double[] noisy(Random random, int n, double level, double cv) {
    return IntStream.range(0, n)
        .mapToDouble(i -> level * (1 + cv * random.nextGaussian()))
        .toArray();
  }

  private static double[] concat(double[]... parts) {
    return java.util.Arrays.stream(parts).flatMapToDouble(java.util.Arrays::stream).toArray();
  }

  @Test
  void aStepOfTenPercentInNoiseOfThreeIsFoundWhereItHappened() {
    for (long seed = 1; seed <= 20; seed++) {
      Random random = new Random(seed);
      double[] series = concat(noisy(random, 20, 650, 0.03), noisy(random, 15, 585, 0.03));

      List<ChangePoint> points = DETECT.detect(series);

      assertThat(points).as("seed %d", seed).hasSize(1);
      ChangePoint point = points.get(0);
      assertThat(point.index()).as("seed %d", seed).isBetween(19, 21);
      assertThat(point.change()).isBetween(-0.15, -0.05);
      assertThat(point.p()).isLessThan(0.001);
    }
  }

  @Test
  void noiseAloneHasNoChangePoint() {
    int found = 0;
    for (long seed = 1; seed <= 50; seed++) {
      found += DETECT.detect(noisy(new Random(seed), 40, 650, 0.05)).size();
    }
    // p under 0.001 after the correction for the splits searched: a false change point is rare
    assertThat(found).as("change points in 50 flat series of 40 runs").isLessThanOrEqualTo(1);
  }

  @Test
  void twoStepsAreBothFound() {
    Random random = new Random(7);
    double[] series =
        concat(
            noisy(random, 12, 100, 0.02), noisy(random, 12, 80, 0.02), noisy(random, 12, 95, 0.02));

    assertThat(DETECT.detect(series))
        .extracting(ChangePoint::index)
        .satisfiesExactly(
            first -> assertThat(first).isBetween(11, 13),
            second -> assertThat(second).isBetween(23, 25));
  }

  @Test
  void aConstantSeriesThatStepsIsAChangeOfInfiniteSignificance() {
    double[] series = {0, 0, 0, 0, 0, 2.5, 2.5, 2.5, 2.5};

    List<ChangePoint> points = DETECT.detect(series);

    assertThat(points)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.index()).isEqualTo(5);
              assertThat(p.p()).isZero();
              assertThat(p.change()).isEqualTo(Double.POSITIVE_INFINITY);
            });
  }

  @Test
  void oneSlowRunIsNoChangeAndThreeAreOne() {
    Random random = new Random(3);
    double[] before = noisy(random, 20, 650, 0.02);

    assertThat(DETECT.detect(concat(before, new double[] {585}))).isEmpty();
    assertThat(DETECT.detect(concat(before, new double[] {585, 590, 580})))
        .singleElement()
        .extracting(ChangePoint::index)
        .isEqualTo(20);
    assertThat(DETECT.detect(new double[] {1, 2, 3, 4, 5})).isEmpty();
    assertThat(DETECT.detect(new double[0])).isEmpty();
  }

  @Test
  void aSignificantChangeSmallerThanTheSmallestChangeIsDropped() {
    Random random = new Random(11);
    double[] series = concat(noisy(random, 20, 1000, 0.002), noisy(random, 20, 990, 0.002));

    assertThat(DETECT.detect(series)).singleElement();
    assertThat(new ChangePoints(0.001, 0.02, 3).detect(series)).isEmpty();
  }

  @Test
  void badSettingsAndValuesAreRefused() {
    assertThatThrownBy(() -> new ChangePoints(0, 0, 3)).hasMessageContaining("p-value");
    assertThatThrownBy(() -> new ChangePoints(0.01, -1, 3)).hasMessageContaining("smallest change");
    assertThatThrownBy(() -> new ChangePoints(0.01, 0, 1)).hasMessageContaining("2 runs");
    assertThatThrownBy(() -> DETECT.detect(new double[] {1, Double.NaN}))
        .hasMessageContaining("finite");
  }
}
