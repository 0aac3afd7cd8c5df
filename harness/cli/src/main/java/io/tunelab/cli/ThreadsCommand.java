package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.HarnessFailureException;
import io.tunelab.run.observe.ThreadDump;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A running run's middleware threads dumped on demand, as the studies' engineers read them to find
 * threads stuck in synchronized logging: every middleware JVM the run started (its instances and
 * the JVMs parked between their steps' visits), found by the run's folder on its command line.
 */
@Command(
    name = "threads",
    description = {
      "Dump the threads of a running run's middleware JVMs now (each instance's, and those parked"
          + " between their steps' visits): every thread with its stack, the monitors it holds"
          + " and the lock it waits for (and its owner), as jstack prints them, through the JVM's"
          + " ThreadMXBean (nothing on its command line), into RUN_DIR/threads/; a drain that"
          + " stalls is dumped the same way without asking."
    })
final class ThreadsCommand implements Callable<Integer> {
  /** The folder of a run's dumps taken on demand. */
  static final String FOLDER = "threads";

  private static final String SETTINGS = "middleware.properties";

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "RUN_DIR",
      description = "the running run's folder, as `tunelab run` printed it (results/<run-id>)")
  Path run;

  @Override
  public Integer call() {
    if (!Files.isDirectory(run)) {
      throw new BadInputException(
          "no run folder at "
              + run
              + ": give the running run's results/<run-id> folder, as `tunelab run` printed it");
    }
    Path dir = run.toAbsolutePath().normalize();
    List<ProcessHandle> jvms = middlewares(dir);
    if (jvms.isEmpty()) {
      throw new BadInputException(
          "no middleware JVM of "
              + run
              + " is running: the run ended, or has not started its middleware yet (its progress"
              + " says when); a stalled drain's dump is already in its repetition's folder");
    }
    String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    PrintWriter out = spec.commandLine().getOut();
    for (ProcessHandle jvm : jvms) {
      Path file = dir.resolve(FOLDER).resolve(time + "-middleware-" + jvm.pid() + ".txt");
      try {
        out.println("middleware JVM " + jvm.pid() + ": " + ThreadDump.write(jvm.pid(), file));
        out.println("  " + file);
      } catch (IOException e) {
        throw new HarnessFailureException(
            "the middleware JVM " + jvm.pid() + " could not be dumped: " + e.getMessage(), e);
      }
    }
    out.flush();
    return 0;
  }

  /** The live middleware JVMs whose settings file lies in the run's folder. */
  static List<ProcessHandle> middlewares(Path runDir) {
    String marker = runDir.toString() + "/";
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .filter(
            p ->
                p.info()
                    .commandLine()
                    .map(line -> line.contains(marker) && line.contains(SETTINGS))
                    .orElse(false))
        .toList();
  }
}
