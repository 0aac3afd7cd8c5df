package io.tunelab.tiers.db;

import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TierStartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Creates a fresh PostgreSQL cluster with {@code initdb}: superuser {@value #USER} with the stack's
 * password, SCRAM on the Unix socket and over TCP, UTF8 and the C locale so results never depend on
 * the machine's locale.
 */
final class ClusterInit {
  static final String USER = "tunelab";
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  private ClusterInit() {}

  /** Replaces whatever is in {@code dataDir} with a new cluster; its output goes to the log. */
  static void run(
      PgBinaries binaries, ServerUser serverUser, Path dataDir, Path log, String password) {
    Path passwordFile = dataDir.resolveSibling("initdb.pwfile");
    try {
      clear(dataDir);
      Files.deleteIfExists(passwordFile);
      Files.createFile(
          passwordFile,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
      serverUser.own(passwordFile);
      List<String> command =
          serverUser.command(
              List.of(
                  binaries.initdb().toString(),
                  "-D",
                  dataDir.toString(),
                  "-U",
                  USER,
                  "--auth-local=scram-sha-256",
                  "--auth-host=scram-sha-256",
                  "--pwfile=" + passwordFile,
                  "-E",
                  "UTF8",
                  "--locale=C",
                  // The cluster is thrown away after the run; syncing its template files costs
                  // about 1.5 s per start here and changes nothing the server's own fsync does.
                  "--no-sync"));
      waitFor(TierProcess.start("db", command, dataDir.getParent(), log, Map.of()), log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + dataDir + " for initdb", e);
    } finally {
      try {
        Files.deleteIfExists(passwordFile);
      } catch (IOException e) {
        // A 0600 file of the server's user, in a folder only it and we may enter.
      }
    }
  }

  private static void waitFor(TierProcess initdb, Path log) {
    try {
      if (!initdb.waitFor(TIMEOUT)) {
        initdb.stop(Duration.ofSeconds(5));
        throw new TierStartException("db", "initdb did not finish in " + TIMEOUT, log);
      }
    } catch (InterruptedException e) {
      initdb.stop(Duration.ofSeconds(5));
      Thread.currentThread().interrupt();
      throw new TierStartException("db", "interrupted during initdb", log);
    }
    if (initdb.exitValue() != 0) {
      throw new TierStartException(
          "db", "initdb failed with exit status " + initdb.exitValue(), log);
    }
  }

  private static boolean serverRuns(Path pidFile) throws IOException {
    List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
    try {
      long pid = Long.parseLong(lines.isEmpty() ? "" : lines.get(0).strip());
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Deletes {@code root} and all in it; refuses a cluster whose server still runs. */
  static void clear(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    Path pidFile = root.resolve("postmaster.pid");
    if (Files.exists(pidFile) && serverRuns(pidFile)) {
      throw new TierStartException(
          "db",
          root + " holds a cluster whose server still runs (" + pidFile + "): stop it first",
          null);
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
