package io.tunelab.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.activemq.artemis.api.core.TransportConfiguration;

/**
 * The acceptor ports another process holds, read when Artemis stopped during its start: it logs an
 * acceptor's bind failure and stops, and the tier that started it retries on other ports only when
 * the broker's last words say a port was taken ({@code Address already in use}).
 */
final class TakenPorts {
  private TakenPorts() {}

  /** One line per acceptor whose port cannot be bound now, naming it; empty when none. */
  static List<String> of(Collection<TransportConfiguration> acceptors) {
    List<String> taken = new ArrayList<>();
    for (TransportConfiguration acceptor : acceptors) {
      Object port = acceptor.getParams().get("port");
      Object host = acceptor.getParams().getOrDefault("host", "127.0.0.1");
      if (port == null) {
        continue;
      }
      try (ServerSocket probe =
          new ServerSocket(
              Integer.parseInt(port.toString()), 1, InetAddress.getByName(host.toString()))) {
        probe.setReuseAddress(true);
      } catch (IOException e) {
        taken.add(
            "acceptor " + acceptor.getName() + " on " + host + ":" + port + ": " + e.getMessage());
      }
    }
    return taken;
  }
}
