package io.tunelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged {@code tunelab} command run as its own process, as a user runs it, with a private
 * runtime directory so tests never touch a user's stacks.
 */
final class CliProcess {
  private final Path runtime;
  private final Map<String, String> env;

  CliProcess(Path runtime, Map<String, String> env) {
    this.runtime = runtime;
    this.env = env;
  }

  CliProcess(Path runtime) {
    this(runtime, Map.of());
  }

  /** Starts the command; its output goes to files in the runtime directory. */
  Running start(String... args) throws IOException {
    Path home = Path.of(System.getProperty("tunelab.home"));
    Path jar = home.resolve("harness/cli/target/dist/tunelab-cli.jar");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dtunelab.home=" + home);
    command.add("-Dtunelab.runtime=" + runtime);
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Files.createDirectories(runtime);
    Path out = Files.createTempFile(runtime, "cli-", ".out");
    Path err = Files.createTempFile(runtime, "cli-", ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    env.forEach(
        (name, value) -> {
          if (value.isEmpty()) {
            builder.environment().remove(name);
          } else {
            builder.environment().put(name, value);
          }
        });
    return new Running(builder.start(), out, err);
  }

  /** Runs the command to its end (at most {@code timeout}). */
  Result run(Duration timeout, String... args) throws IOException, InterruptedException {
    Running running = start(args);
    if (!running.process().waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      running.process().destroyForcibly();
      throw new AssertionError("tunelab " + String.join(" ", args) + " did not end in " + timeout);
    }
    return running.result();
  }

  /** A started command. */
  record Running(Process process, Path out, Path err) {
    String stdout() throws IOException {
      return Files.readString(out, StandardCharsets.UTF_8);
    }

    String stderr() throws IOException {
      return Files.readString(err, StandardCharsets.UTF_8);
    }

    Result result() throws IOException {
      return new Result(process.exitValue(), stdout(), stderr());
    }
  }

  /** Exit code and output of an ended command. */
  record Result(int exitCode, String stdout, String stderr) {}
}
