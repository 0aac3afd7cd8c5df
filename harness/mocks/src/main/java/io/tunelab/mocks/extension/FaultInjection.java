package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.http.Fault;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * The share of requests one server fails, and how, changeable while it runs. Each request draws
 * independently, so the observed share converges to the rate.
 */
final class FaultInjection {
  /** How a drawn request fails: a SOAP Fault, or one of WireMock's faults of the connection. */
  enum Kind {
    /** An HTTP 500 with a SOAP Fault envelope: the back-end answered and refused. */
    SOAP(null),
    /** The connection is reset (TCP RST) before an answer. */
    RESET(Fault.CONNECTION_RESET_BY_PEER),
    /** The connection is closed without an answer. */
    EMPTY(Fault.EMPTY_RESPONSE),
    /** An HTTP 200 whose chunked body breaks off. */
    MALFORMED(Fault.MALFORMED_RESPONSE_CHUNK),
    /** Random bytes, then the connection is closed. */
    GARBAGE(Fault.RANDOM_DATA_THEN_CLOSE),
    /** A whole HTTP 200 whose SOAP envelope breaks off half-way. */
    TRUNCATED(null);

    private final Fault fault;

    Kind(Fault fault) {
      this.fault = fault;
    }

    /** WireMock's fault; none for {@link #SOAP} and {@link #TRUNCATED}, which are answers. */
    Fault fault() {
      return fault;
    }

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Kind of(String label) {
      return Arrays.stream(values())
          .filter(kind -> kind.label().equalsIgnoreCase(label.trim()))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "faultKind must be one of "
                          + Arrays.stream(values())
                              .map(Kind::label)
                              .collect(Collectors.joining(", "))
                          + ", was "
                          + label));
    }
  }

  private volatile double rate;
  private volatile Kind kind = Kind.SOAP;

  double rate() {
    return rate;
  }

  Kind kind() {
    return kind;
  }

  /**
   * @param rate 0 (never) .. 1 (always)
   * @throws IllegalArgumentException naming the accepted range
   */
  void setRate(double rate) {
    requireRate(rate);
    this.rate = rate;
  }

  void setKind(Kind kind) {
    this.kind = kind;
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
