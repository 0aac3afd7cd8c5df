package io.tunelab.core.stats;

/** Two-sided 95% critical values of Student's t distribution. */
public final class StudentT {
  /** t(0.975, df) for df = 1..30, from the standard tables. */
  private static final double[] T975 = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  private static final double Z975 = 1.959964;

  private StudentT() {}

  /**
   * The t value a 95% confidence interval of a mean uses: mean +- t * s / sqrt(n), with {@code df =
   * n - 1}. Above 30 degrees of freedom, the Cornish-Fisher expansion (within 0.001 of the tables).
   */
  public static double critical95(int degreesOfFreedom) {
    if (degreesOfFreedom < 1) {
      throw new IllegalArgumentException("degrees of freedom must be 1 or more");
    }
    if (degreesOfFreedom <= T975.length) {
      return T975[degreesOfFreedom - 1];
    }
    double z = Z975;
    double df = degreesOfFreedom;
    return z
        + (z * z * z + z) / (4 * df)
        + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * df * df);
  }
}
