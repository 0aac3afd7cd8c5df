package io.tunelab.tiers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {
  @Test
  void freePortsAreNeverHandedOutTwice() {
    // a stack picks all its ports before any tier binds one: they must differ
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      int port = Ports.free();
      assertThat(ports.add(port)).as("port %d handed out again after %d", port, i).isTrue();
      assertThat(port).isBetween(1, 65535);
    }
  }
}
