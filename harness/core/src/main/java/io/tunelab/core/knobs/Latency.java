package io.tunelab.core.knobs;

import io.tunelab.core.BadInputException;
import java.util.Locale;

/**
 * The response delay of a back-end mock, as WireMock models it: fixed, uniform or lognormal. All
 * values in milliseconds.
 *
 * <p>Written as text in knobs and on the command line: {@code 500} or {@code fixed:500}, {@code
 * uniform:400..600}, {@code lognormal:500:0.25} (median milliseconds, sigma).
 */
public sealed interface Latency {
  /** No delay at all. */
  Latency NONE = new Fixed(0);

  /** The text form {@link #parse} reads back. */
  String text();

  /** The mean delay in milliseconds, for back-of-the-envelope limits such as threads / latency. */
  double meanMillis();

  /** A constant delay. */
  record Fixed(int millis) implements Latency {
    public Fixed {
      if (millis < 0 || millis > 600_000) {
        throw new BadInputException("a fixed latency must be 0..600000 ms, was " + millis);
      }
    }

    @Override
    public String text() {
      return Integer.toString(millis);
    }

    @Override
    public double meanMillis() {
      return millis;
    }
  }

  /** A delay drawn uniformly from {@code [lowerMillis, upperMillis]}. */
  record Uniform(int lowerMillis, int upperMillis) implements Latency {
    public Uniform {
      if (lowerMillis < 0 || upperMillis < lowerMillis || upperMillis > 600_000) {
        throw new BadInputException(
            "a uniform latency needs 0 <= lower <= upper <= 600000 ms, was "
                + lowerMillis
                + ".."
                + upperMillis);
      }
    }

    @Override
    public String text() {
      return "uniform:" + lowerMillis + ".." + upperMillis;
    }

    @Override
    public double meanMillis() {
      return (lowerMillis + upperMillis) / 2.0;
    }
  }

  /**
   * A lognormal delay with the given median; sigma is the standard deviation of the underlying
   * normal distribution (0.1 is tight, 1 has a long tail).
   */
  record LogNormal(double medianMillis, double sigma) implements Latency {
    public LogNormal {
      if (!(medianMillis > 0 && medianMillis <= 600_000) || !(sigma > 0 && sigma <= 5)) {
        throw new BadInputException(
            "a lognormal latency needs 0 < median <= 600000 ms and 0 < sigma <= 5, was median "
                + medianMillis
                + ", sigma "
                + sigma);
      }
    }

    @Override
    public String text() {
      return "lognormal:" + format(medianMillis) + ":" + format(sigma);
    }

    @Override
    public double meanMillis() {
      return medianMillis * Math.exp(sigma * sigma / 2);
    }

    private static String format(double value) {
      return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
  }

  /**
   * Reads {@code 500}, {@code fixed:500}, {@code uniform:400..600} or {@code lognormal:500:0.25}.
   *
   * @throws BadInputException naming the accepted forms
   */
  static Latency parse(String text) {
    String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    try {
      if (value.matches("\\d+")) {
        return new Fixed(Integer.parseInt(value));
      }
      if (value.startsWith("fixed:")) {
        return new Fixed(Integer.parseInt(value.substring("fixed:".length())));
      }
      if (value.startsWith("uniform:")) {
        String[] bounds = value.substring("uniform:".length()).split("\\.\\.", -1);
        if (bounds.length == 2) {
          return new Uniform(Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1]));
        }
      }
      if (value.startsWith("lognormal:")) {
        String[] parts = value.substring("lognormal:".length()).split(":", -1);
        if (parts.length == 2) {
          return new LogNormal(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
        }
      }
    } catch (NumberFormatException e) {
      // Falls through to the message below, which shows the accepted forms.
    }
    throw new BadInputException(
        "latency '"
            + text
            + "' is not understood: write milliseconds (500 or fixed:500), uniform:LOWER..UPPER"
            + " (uniform:400..600) or lognormal:MEDIAN:SIGMA (lognormal:500:0.25)");
  }
}
