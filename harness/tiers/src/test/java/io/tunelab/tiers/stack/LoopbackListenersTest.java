package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The process behind a loopback port, found in /proc as the observer finds an external tier. */
class LoopbackListenersTest {
  @Test
  void theProcessListeningOnALoopbackPortIsFoundAndAClosedPortHasNone() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux only");
    LoopbackListeners listeners = LoopbackListeners.ofThisMachine();
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();

      assertThat(listeners.listeningOn(port))
          .map(ProcessHandle::pid)
          .contains(ProcessHandle.current().pid());
    }
    assertThat(listeners.listeningOn(port)).isEmpty();
  }

  @Test
  void onlyLoopbackEndpointsHaveAPortToLookAt() {
    assertThat(LoopbackListeners.loopbackPort("jdbc:postgresql://127.0.0.1:5433/tunelab"))
        .hasValue(5433);
    assertThat(LoopbackListeners.loopbackPort("tcp://localhost:61616")).hasValue(61616);
    assertThat(LoopbackListeners.loopbackPort("http://[::1]:8081")).hasValue(8081);
    assertThat(LoopbackListeners.loopbackPort("http://db.example.com:8081")).isEmpty();
    assertThat(LoopbackListeners.loopbackPort("tcp://10.0.0.5:61616")).isEmpty();
    assertThat(LoopbackListeners.loopbackPort("")).isEmpty();
    assertThat(LoopbackListeners.loopbackPort("not a url")).isEmpty();
  }

  @Test
  void aListeningSocketIsReadFromTheKernelsTableByPortAndState(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path table = dir.resolve("tcp");
    Files.write(
        table,
        List.of(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid "
                + " timeout inode",
            "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0 "
                + "       0 1111 1 0000000000000000 100 0 0 10 0",
            "   1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0 "
                + "       0 2222 1 0000000000000000 20 4 30 10 -1",
            "   2: 00000000:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0 "
                + "       0 3333 1 0000000000000000 100 0 0 10 0"));

    assertThat(LoopbackListeners.listeningInodes(table, 8080)).containsExactly("1111");
    assertThat(LoopbackListeners.listeningInodes(table, 8081)).containsExactly("3333");
    assertThat(LoopbackListeners.listeningInodes(table, 8082)).isEmpty();
    assertThat(LoopbackListeners.listeningInodes(dir.resolve("absent"), 8080)).isEmpty();
  }

  @Test
  void aStackItDidNotStartIsWatchedThroughTheProcessesBehindItsLoopbackEndpoints()
      throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "Linux only");
    try (ServerSocket db = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Endpoints endpoints =
          new Endpoints(
              "jdbc:postgresql://127.0.0.1:" + db.getLocalPort() + "/tunelab",
              "tunelab",
              "x",
              "tcp://broker.example.com:61616",
              "",
              "",
              Map.of(Backend.SIEBEL, "http://127.0.0.1:1/", Backend.BRM, "http://127.0.0.1:1/"));
      RemoteStack stack = new RemoteStack("external", endpoints, Map.of(), () -> {});

      Map<String, List<ProcessHandle>> watched = stack.watchedProcesses();

      assertThat(watched).containsOnlyKeys("db");
      assertThat(watched.get("db"))
          .extracting(ProcessHandle::pid)
          .containsExactly(ProcessHandle.current().pid());
      assertThat(stack.tiers()).as("nothing of it is this controller's to stop").isEmpty();
    }
  }
}
