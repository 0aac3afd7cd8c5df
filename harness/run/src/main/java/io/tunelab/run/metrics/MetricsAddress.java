package io.tunelab.run.metrics;

import io.tunelab.core.BadInputException;

/**
 * Where the metrics endpoint listens: {@code [HOST:]PORT}, the host 127.0.0.1 unless given (a
 * scrape from another host needs the host named: 0.0.0.0 for every interface), port 0 for any free
 * one.
 */
public record MetricsAddress(String host, int port) {
  public static final String LOOPBACK = "127.0.0.1";

  public MetricsAddress {
    if (host.isBlank()) {
      throw new BadInputException("--metrics: the host is empty; give HOST:PORT or PORT alone");
    }
    if (port < 0 || port > 65535) {
      throw new BadInputException(
          "--metrics: port " + port + " is not a port; give 1-65535, or 0 for any free one");
    }
  }

  /** Reads {@code [HOST:]PORT}; bad input names itself and the form expected. */
  public static MetricsAddress parse(String text) {
    String trimmed = text.trim();
    int colon = trimmed.lastIndexOf(':');
    String host = colon < 0 ? LOOPBACK : trimmed.substring(0, colon);
    String port = trimmed.substring(colon + 1);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    try {
      return new MetricsAddress(host, Integer.parseInt(port));
    } catch (NumberFormatException e) {
      throw new BadInputException(
          "--metrics '"
              + text
              + "': '"
              + port
              + "' is not a port number; give [HOST:]PORT, e.g. 9464 or 127.0.0.1:9464");
    }
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
