package io.tunelab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * What the build of this jar was: the project's version, the checkout's commit ({@code -dirty} with
 * uncommitted changes, {@code unknown} without git) and when it was built. The build writes it into
 * the jar ({@code main} runs in the {@code prepare-package} phase); {@code tunelab --version} reads
 * it.
 */
public record BuildInfo(String version, String commit, String builtAt) {
  /** The resource the build writes and {@link #read} reads. */
  static final String RESOURCE = "io/tunelab/cli/build.properties";

  /** What this jar says of its build; empty figures when it was not built by Maven. */
  static BuildInfo read() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // no build information: a development build
    }
    return new BuildInfo(
        p.getProperty("version", ""), p.getProperty("commit", ""), p.getProperty("builtAt", ""));
  }

  /**
   * Writes the build information: {@code BuildInfo OUTPUT_DIR VERSION CHECKOUT}.
   *
   * @param args the classes folder, the project's version, the checkout's root
   */
  public static void main(String[] args) throws IOException, InterruptedException {
    Path file = Path.of(args[0]).resolve(RESOURCE);
    BuildInfo info =
        new BuildInfo(
            args[1],
            commit(Path.of(args[2])),
            Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    Properties p = new Properties();
    p.setProperty("version", info.version());
    p.setProperty("commit", info.commit());
    p.setProperty("builtAt", info.builtAt());
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "tunelab's build, written by the build (tunelab --version)");
    }
  }

  /** HEAD's commit, with {@code -dirty} when tracked files changed; {@code unknown} without git. */
  static String commit(Path checkout) throws InterruptedException {
    String head = git(checkout, "rev-parse", "HEAD");
    if (head.isEmpty()) {
      return "unknown";
    }
    return git(checkout, "status", "--porcelain", "--untracked-files=no").isEmpty()
        ? head
        : head + "-dirty";
  }

  private static String git(Path checkout, String... args) throws InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-C", checkout.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        return "";
      }
      return out.strip();
    } catch (IOException e) {
      return ""; // no git here
    } catch (UncheckedIOException e) {
      return "";
    }
  }
}
