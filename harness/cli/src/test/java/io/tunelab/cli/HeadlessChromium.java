package io.tunelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code chromium} in headless mode, on a closed network, with a fresh profile per call:
 * loads a page from disk and returns its DOM after its scripts ran and every console line it
 * logged, or saves a screenshot. The browser's whole process tree is destroyed after each call.
 */
final class HeadlessChromium {
  static final String BINARY = "/usr/bin/chromium";
  private static final long TIMEOUT_SECONDS = 120;

  /** What a page did: its DOM after its scripts, and its console lines (errors included). */
  record Page(String dom, List<String> console) {}

  private final Path work;

  /**
   * @param work a folder for profiles and output (kept: the screenshot is test output)
   */
  HeadlessChromium(Path work) {
    this.work = work;
  }

  static boolean installed() {
    return Files.isExecutable(Path.of(BINARY));
  }

  /** Loads the page, lets its scripts run, and returns its DOM and console. */
  Page load(Path page) throws IOException, InterruptedException {
    Path dom = work.resolve("dom.html");
    Path log = work.resolve("chromium.log");
    run(List.of("--enable-logging=stderr", "--v=0", "--dump-dom", uri(page)), dom, log);
    List<String> console = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      // "[pid:tid:time:INFO:CONSOLE:line] "message", source: file:///... (line)"
      if (line.contains(":CONSOLE")) {
        console.add(line);
      }
    }
    return new Page(Files.readString(dom, StandardCharsets.UTF_8), console);
  }

  /** Saves a full-width screenshot of the page as {@code file} (PNG). */
  void screenshot(Path page, Path file, int width, int height)
      throws IOException, InterruptedException {
    run(
        List.of(
            "--hide-scrollbars",
            "--window-size=" + width + "," + height,
            "--screenshot=" + file.toAbsolutePath(),
            uri(page)),
        work.resolve("screenshot.out"),
        work.resolve("screenshot.log"));
  }

  private void run(List<String> args, Path stdout, Path stderr)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(work, "profile-");
    List<String> command =
        new ArrayList<>(
            List.of(
                BINARY,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile.toAbsolutePath(),
                // time for the page's scripts to run before the DOM or the screenshot is taken
                "--virtual-time-budget=5000"));
    command.addAll(args);
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException("chromium did not finish in " + TIMEOUT_SECONDS + " s");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            "chromium exited with " + process.exitValue() + ": " + Files.readString(stderr));
      }
    } finally {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }

  private static String uri(Path page) {
    return page.toAbsolutePath().toUri().toString();
  }

  static void requireInstalled() {
    if (!installed()) {
      throw new UncheckedIOException(
          new IOException(
              BINARY + " is missing: install Debian's chromium (apt-get install -y chromium)"));
    }
  }
}
