package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * picocli's completion script completes tunelab's commands and options in bash, and the build
 * information {@code --version} prints is the checkout's version, commit and build time.
 */
class CompletionAndVersionTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  @TempDir Path dir;

  /** What bash completes after {@code words}, the last word being completed. */
  private String complete(Path script, String... words) throws Exception {
    String array =
        String.join(" ", java.util.Arrays.stream(words).map(w -> "'" + w + "'").toList());
    String bash =
        "source '"
            + script
            + "' 2>/dev/null; COMP_WORDS=("
            + array
            + "); COMP_CWORD="
            + (words.length - 1)
            + "; _complete_tunelab 2>/dev/null; echo \"${COMPREPLY[*]}\"";
    Process process = new ProcessBuilder("/bin/bash", "-c", bash).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out.strip();
  }

  @Test
  void theCompletionScriptCompletesCommandsSubcommandsAndOptionsInBash() throws Exception {
    InProcessCli cli = new InProcessCli();
    assertThat(cli.execute("completion")).isZero();
    Path script = dir.resolve("tunelab.bash");
    Files.writeString(script, cli.out());

    assertThat(cli.out())
        .startsWith("#!/usr/bin/env bash")
        .contains("complete -F _complete_tunelab");
    assertThat(complete(script, "tunelab", "va")).isEqualTo("validate");
    assertThat(complete(script, "tunelab", "stack", "d")).isEqualTo("down");
    assertThat(complete(script, "tunelab", "run", "--thr")).isEqualTo("--threshold");
    assertThat(complete(script, "tunelab", "bench", "--record")).isEqualTo("--record-baseline");
  }

  @Test
  void theBuildWritesTheVersionTheCheckoutsCommitAndTheTime() throws Exception {
    BuildInfo.main(new String[] {dir.toString(), "1.2.3", HOME.toString()});

    Properties p = new Properties();
    try (var in = Files.newInputStream(dir.resolve(BuildInfo.RESOURCE))) {
      p.load(in);
    }
    assertThat(p.getProperty("version")).isEqualTo("1.2.3");
    assertThat(p.getProperty("commit")).matches("[0-9a-f]{40}(-dirty)?");
    assertThat(p.getProperty("builtAt")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
  }

  @Test
  void withoutGitTheCommitIsUnknown() throws Exception {
    assertThat(BuildInfo.commit(dir)).isEqualTo("unknown");
  }
}
