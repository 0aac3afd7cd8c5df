package io.tunelab.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.junit.jupiter.api.Test;

/** An acceptor port another process holds is named with the words the tier retries on. */
class TakenPortsTest {
  @Test
  void aPortHeldElsewhereIsNamedAsAlreadyInUseAndAFreeOneIsNot() throws Exception {
    try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
        ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int free = probe.getLocalPort();
      probe.close();
      TransportConfiguration taken =
          new TransportConfiguration(
              "netty", Map.of("host", "127.0.0.1", "port", held.getLocalPort()), "tunelab");
      TransportConfiguration open =
          new TransportConfiguration(
              "netty", Map.of("host", "127.0.0.1", "port", String.valueOf(free)), "other");

      List<String> lines = TakenPorts.of(List.of(taken, open));

      assertThat(lines)
          .singleElement()
          .asString()
          .startsWith("acceptor tunelab on 127.0.0.1:" + held.getLocalPort())
          .contains("Address already in use");
    }
  }
}
