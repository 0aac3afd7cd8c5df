package io.tunelab.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * Finds the tier processes a test's controllers started, by what their command lines carry: the
 * private runtime directory (PostgreSQL data dir, broker data dir, logs) or the owner pid.
 */
final class TierProcesses {
  private TierProcesses() {}

  static List<ProcessHandle> under(Path runtime) {
    String marker = runtime.toAbsolutePath().toString();
    return ProcessHandle.allProcesses()
        .filter(p -> p.pid() != ProcessHandle.current().pid())
        .filter(p -> p.info().commandLine().map(line -> line.contains(marker)).orElse(false))
        .toList();
  }

  static List<ProcessHandle> ownedBy(long controllerPid) {
    String marker = "tunelab.owner.pid=" + controllerPid;
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().map(line -> line.contains(marker)).orElse(false))
        .toList();
  }

  static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
