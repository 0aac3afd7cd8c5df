package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.ExitCodes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tier that crashes while it starts is a failure of the stack, not of the input: exit code 3, the
 * tier named, nothing left running.
 */
class TierCrashIT {
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
  void aBrokerKilledWhileItStartsEndsStackUpWithExitCode3() throws Exception {
    CliProcess.Running up = new CliProcess(runtime).start("stack", "up");
    try {
      // The broker JVM needs seconds to open its journal and acceptor: kill it well before.
      ProcessHandle broker =
          await()
              .atMost(Duration.ofSeconds(60))
              .pollInterval(Duration.ofMillis(10))
              .until(this::startingBroker, Optional::isPresent)
              .orElseThrow();
      broker.destroyForcibly();

      assertThat(up.process().waitFor(120, TimeUnit.SECONDS)).isTrue();
      CliProcess.Result result = up.result();
      assertThat(result.exitCode()).isEqualTo(ExitCodes.FAILURE);
      assertThat(result.stderr())
          .contains("the broker tier did not start")
          .contains("exit status 137")
          .doesNotContain("Exception in thread");
      assertThat(result.stdout()).isEmpty();
    } finally {
      up.process().destroyForcibly();
    }
  }

  private Optional<ProcessHandle> startingBroker() {
    return TierProcesses.under(runtime).stream()
        .filter(p -> p.info().commandLine().orElse("").contains("tunelab-broker"))
        .findFirst();
  }
}
