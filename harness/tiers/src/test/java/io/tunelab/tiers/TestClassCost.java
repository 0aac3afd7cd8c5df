package io.tunelab.tiers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * What each test class cost the machine: its wall time and the CPU of its test JVM and every
 * process under it (the tiers it started, the CLI and the CLI's tiers), written to {@code
 * target/test-cost/} one line per class, so a change's price to {@code ./mvnw verify} can be read,
 * not guessed. Verify is CPU-bound on 2 cores: a class's CPU, not its wall time, is what it takes
 * from the other fork. The CPU is read from {@code /proc}: a process's own and that of the children
 * it reaped, for the test JVM and every live descendant, so a stack shared by the classes of one
 * JVM is charged to the class that used it while it ran. What orphans spend after their parent dies
 * (a CLI killed with SIGKILL leaves its tiers to init) is not counted. Registered for every test
 * JVM of the modules that use this module's tests (a service file), off elsewhere than Linux.
 */
public final class TestClassCost implements TestExecutionListener {
  /** The kernel's clock ticks per second for {@code /proc/PID/stat} times, 100 on Linux. */
  private static final double TICKS_PER_SECOND = 100;

  private final Map<String, Start> started = new ConcurrentHashMap<>();
  private Path file;

  private record Start(long nanos, long ticks) {}

  @Override
  public void testPlanExecutionStarted(TestPlan plan) {
    if (!Files.isReadable(Path.of("/proc/self/stat"))) {
      return;
    }
    String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    file = Path.of("target", "test-cost", time + "-" + ProcessHandle.current().pid() + ".tsv");
  }

  @Override
  public void executionStarted(TestIdentifier id) {
    if (file != null) {
      className(id).ifPresent(name -> started.put(name, new Start(System.nanoTime(), treeTicks())));
    }
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    if (file == null) {
      return;
    }
    Optional<String> name = className(id);
    Start start = name.map(started::remove).orElse(null);
    if (start == null) {
      return;
    }
    append(
        String.format(
            Locale.ROOT,
            "%s\t%.1f\t%.1f\t%s%n",
            name.get(),
            (System.nanoTime() - start.nanos()) / 1e9,
            (treeTicks() - start.ticks()) / TICKS_PER_SECOND,
            result.getStatus()));
  }

  private void append(String line) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Optional<String> className(TestIdentifier id) {
    return id.getSource()
        .filter(ClassSource.class::isInstance)
        .map(source -> ((ClassSource) source).getClassName());
  }

  /** CPU ticks of this JVM and its live descendants, each with the children it reaped. */
  static long treeTicks() {
    long ticks = ticks(ProcessHandle.current().pid());
    for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
      ticks += ticks(child.pid());
    }
    return ticks;
  }

  /** utime + stime + cutime + cstime of one process; 0 once it is gone. */
  static long ticks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // fields after the command's closing parenthesis, which may itself hold spaces
      String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(rest[11])
          + Long.parseLong(rest[12])
          + Long.parseLong(rest[13])
          + Long.parseLong(rest[14]);
    } catch (IOException | RuntimeException gone) {
      return 0;
    }
  }
}
