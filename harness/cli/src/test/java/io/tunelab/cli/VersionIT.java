package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code tunelab --version} of the packaged jar: what its build wrote into it. */
class VersionIT {
  @Test
  void versionPrintsTheBuildsVersionCommitAndDate() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      CliProcess.Result version =
          new CliProcess(runtime.dir()).run(Duration.ofMinutes(1), "--version");

      assertThat(version.exitCode()).as(version.stderr()).isZero();
      assertThat(version.stdout().lines().toList())
          .hasSize(4)
          .satisfies(
              lines -> {
                assertThat(lines.get(0)).matches("tunelab \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
                assertThat(lines.get(1)).matches("commit ([0-9a-f]{40}(-dirty)?|unknown)");
                assertThat(lines.get(2))
                    .matches("built \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
                assertThat(lines.get(3)).startsWith("JDK 17");
              });
    }
  }
}
