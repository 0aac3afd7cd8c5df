package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input that only the real tiers can judge ends with exit code 2 and nothing running. */
class StackBadInputIT {
  private static final Duration START = Duration.ofSeconds(120);

  private TestRuntime testRuntime;
  private Path runtime;

  @BeforeEach
  void newRuntime() throws Exception {
    testRuntime = new TestRuntime();
    runtime = testRuntime.dir();
  }

  @AfterEach
  void nothingIsLeftRunning() throws Exception {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(TierProcesses.under(runtime)).isEmpty());
    testRuntime.close();
  }

  @Test
  void unknownPostgresSettingIsRefusedInPostgresOwnWords() throws Exception {
    CliProcess.Result up =
        new CliProcess(runtime).run(START, "stack", "up", "--set", "db.server.no_such_setting=1");

    assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(up.stderr()).contains("unrecognized configuration parameter \"no_such_setting\"");
    assertThat(up.stdout()).isEmpty();
  }

  @Test
  void invalidPostgresValueIsRefusedInPostgresOwnWords() throws Exception {
    CliProcess.Result up =
        new CliProcess(runtime).run(START, "stack", "up", "--set", "db.server.work_mem=-5");

    assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(up.stderr()).contains("work_mem");
    assertThat(up.stdout()).isEmpty();
  }

  @Test
  void portInUseIsBadInput() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      CliProcess.Result up =
          new CliProcess(runtime)
              .run(START, "stack", "up", "--broker-port", Integer.toString(taken.getLocalPort()));

      assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
      assertThat(up.stderr())
          .contains("--broker-port " + taken.getLocalPort() + " is already in use");
    }
  }

  @Test
  void missingPostgresBinariesWithoutFallbackIsBadInput() throws Exception {
    Path empty = Files.createDirectories(runtime.resolve("no-binaries-here"));

    CliProcess.Result up =
        new CliProcess(runtime, Map.of("TUNELAB_PG_BIN", empty.toString()))
            .run(START, "stack", "up", "--set", "db.binaries=system");

    assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(up.stderr()).contains(empty.toString());
  }

  @Test
  void malformedEndpointsFileIsBadInput() throws Exception {
    Path endpoints = runtime.resolve("endpoints.json");
    Files.writeString(endpoints, "{\"db\": \"jdbc:postgresql://127.0.0.1:1/tunelab\",");

    CliProcess.Result up =
        new CliProcess(runtime)
            .run(
                START,
                "stack",
                "up",
                "--provider",
                "external",
                "--endpoints",
                endpoints.toString());

    assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(up.stderr()).contains(endpoints.toString()).contains("line");
  }

  @Test
  void unreachableExternalTierIsBadInputNamingTheTier() throws Exception {
    int closed;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      closed = probe.getLocalPort();
    }
    Path endpoints = runtime.resolve("endpoints.yaml");
    Files.writeString(
        endpoints,
        "db: jdbc:postgresql://127.0.0.1:"
            + closed
            + "/tunelab\nbroker: tcp://127.0.0.1:"
            + closed
            + "\nmocks: {siebel: \"http://127.0.0.1:"
            + closed
            + "\", brm: \"http://127.0.0.1:"
            + closed
            + "\"}\n");

    CliProcess.Result up =
        new CliProcess(runtime)
            .run(
                START,
                "stack",
                "up",
                "--provider",
                "external",
                "--endpoints",
                endpoints.toString());

    assertThat(up.exitCode()).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(up.stderr()).contains("the db tier at 127.0.0.1:" + closed + " is unreachable");
  }
}
