package io.tunelab.run.observe;

/**
 * A run's observed window, epoch milliseconds: warm-up from {@code startMillis}, measured from
 * {@code measuredFromMillis} (equal to the start when there was no warm-up) to {@code endMillis}.
 */
record Window(long startMillis, long measuredFromMillis, long endMillis) {
  static final String WARMUP = "warmup";
  static final String MEASURED = "measured";

  boolean measured(long epochMillis) {
    return epochMillis >= measuredFromMillis && epochMillis <= endMillis;
  }

  String phase(long epochMillis) {
    return epochMillis >= measuredFromMillis ? MEASURED : WARMUP;
  }

  long measuredMillis() {
    return Math.max(0, endMillis - measuredFromMillis);
  }
}
