package io.tunelab.tiers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * One OS process of a tier, its output appended to a log file that is kept after it ends.
 *
 * <p>{@link #stop} asks politely (SIGTERM) and then insists (SIGKILL), for the process and every
 * descendant, so that a wrapper such as {@code runuser} never leaves its child behind.
 */
public final class TierProcess implements AutoCloseable {
  private static final Duration DEFAULT_GRACE = Duration.ofSeconds(15);

  private final String name;
  private final Process process;
  private final Path log;
  private final List<String> command;
  private final List<IntConsumer> exitActions = new CopyOnWriteArrayList<>();
  private final AtomicBoolean exitActionsRan = new AtomicBoolean();

  private TierProcess(String name, Process process, Path log, List<String> command) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.command = List.copyOf(command);
  }

  /**
   * Starts {@code command} with its standard input closed and its output appended to {@code log}.
   *
   * @param name the tier, for messages
   * @param env variables added to this process's environment
   */
  public static TierProcess start(
      String name, List<String> command, Path workDir, Path log, Map<String, String> env) {
    return start(
        name,
        command,
        workDir,
        log,
        env,
        builder ->
            builder
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())));
  }

  /**
   * Starts {@code command} as a server that takes requests on its standard input and answers on its
   * standard output, both pipes to this JVM ({@link #requests()}, {@link #answers()}); its standard
   * error is appended to {@code log}.
   */
  public static TierProcess startServing(
      String name, List<String> command, Path workDir, Path log, Map<String, String> env) {
    return start(
        name,
        command,
        workDir,
        log,
        env,
        builder -> builder.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())));
  }

  private static TierProcess start(
      String name,
      List<String> command,
      Path workDir,
      Path log,
      Map<String, String> env,
      java.util.function.UnaryOperator<ProcessBuilder> streams) {
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Files.createDirectories(workDir);
      ProcessBuilder builder =
          streams.apply(new ProcessBuilder(command).directory(workDir.toFile()));
      builder.environment().putAll(env);
      return new TierProcess(name, builder.start(), log, command);
    } catch (IOException e) {
      throw new TierStartException(
          name, "cannot run " + String.join(" ", command) + ": " + e.getMessage(), log, e);
    }
  }

  /** The process's standard input: a pipe when started serving, else a stream that discards. */
  public java.io.OutputStream requests() {
    return process.getOutputStream();
  }

  /** The process's standard output: a pipe when started serving, else an empty stream. */
  public java.io.InputStream answers() {
    return process.getInputStream();
  }

  public String name() {
    return name;
  }

  public long pid() {
    return process.pid();
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  public Path log() {
    return log;
  }

  public List<String> command() {
    return command;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Exit status, or -1 while running. */
  public int exitValue() {
    return process.isAlive() ? -1 : process.exitValue();
  }

  /**
   * Runs {@code action} with the exit status once the process ended, however it ended: at the end
   * of {@link #stop} (so it has run when stop returns), or when it ended by itself.
   */
  public void onExit(IntConsumer action) {
    exitActions.add(action);
    process.onExit().thenRun(this::runExitActions);
  }

  private void runExitActions() {
    if (!process.isAlive() && exitActionsRan.compareAndSet(false, true)) {
      int status = process.exitValue();
      exitActions.forEach(action -> action.accept(status));
    }
  }

  /** Blocks until the process ends or the timeout passes; true when it ended. */
  public boolean waitFor(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The last lines of the log, for error messages. */
  public String logTail(int lines) {
    return tail(log, lines);
  }

  /** Last {@code lines} lines of a text file, or an empty string when it cannot be read. */
  public static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
  }

  /** SIGTERM to the process tree, then SIGKILL to whatever is left after {@code grace}. */
  public void stop(Duration grace) {
    stopTree(process.toHandle(), grace);
    try {
      process.waitFor(1, TimeUnit.SECONDS); // reaped, so that its exit status can be read
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    runExitActions();
  }

  /** Stops a process and all its descendants, politely first. */
  public static void stopTree(ProcessHandle root, Duration grace) {
    List<ProcessHandle> tree = new ArrayList<>();
    tree.add(root);
    root.descendants().forEach(tree::add);
    root.destroy();
    long deadline = System.nanoTime() + grace.toNanos();
    while (System.nanoTime() < deadline && tree.stream().anyMatch(ProcessHandle::isAlive)) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    for (ProcessHandle handle : tree) {
      if (handle.isAlive()) {
        handle.destroyForcibly();
      }
    }
  }

  @Override
  public void close() {
    stop(DEFAULT_GRACE);
  }

  @Override
  public String toString() {
    return name + " (pid " + pid() + ")";
  }
}
