package io.tunelab.mocks.extension;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The share of requests one server answers with a SOAP Fault, changeable while it runs. Each
 * request draws independently, so the observed share converges to the rate.
 */
final class FaultInjection {
  private volatile double rate;

  double rate() {
    return rate;
  }

  /**
   * @param rate 0 (never) .. 1 (always)
   * @throws IllegalArgumentException naming the accepted range
   */
  void setRate(double rate) {
    requireRate(rate);
    this.rate = rate;
  }

  /** Checks a rate before anything is set, so that a request changing several settings is whole. */
  void requireRate(double rate) {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("faultRate must be a number from 0 to 1, was " + rate);
    }
  }

  /** Whether this request fails; rate 0 never draws. */
  boolean draw() {
    double current = rate;
    return current > 0 && ThreadLocalRandom.current().nextDouble() < current;
  }
}
