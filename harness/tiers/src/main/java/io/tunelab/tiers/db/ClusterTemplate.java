package io.tunelab.tiers.db;

import io.tunelab.tiers.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * A cluster made by {@link ClusterInit} once per set of binaries and copied for every start of the
 * db tier. On 2 cores initdb took 1.2 s alone (1.2 s of CPU) and 2.4 to 3.4 s beside the other
 * tiers' starts, a copy of its 39 MB 0.25 s alone; the stack's tiers start at once and share the
 * cores, so what counts is the CPU saved. The copy is the same cluster initdb would make, but for
 * its superuser's password, which the tier replaces with the stack's own once the server answers
 * ({@link ServerLaunch#adoptPassword}).
 *
 * <p>Each template is made in a folder of its own and renamed into place when complete, so that two
 * tiers starting at once never copy half a template; the one that loses the race throws its copy
 * away.
 */
final class ClusterTemplate {
  /** Raised whenever {@link ClusterInit}'s arguments change, so that no older template is used. */
  private static final String FORMAT = "1";

  static final String PASSWORD = "password";
  static final String DATA = "data";

  private final Path templates;

  ClusterTemplate(Path templates) {
    this.templates = templates;
  }

  /** The folder of the template for {@code binaries}, complete or not made yet. */
  Path folder(PgBinaries binaries) {
    return templates.resolve(key(binaries));
  }

  /**
   * Fills {@code dataDir} with a copy of the template for {@code binaries}, making the template
   * first when there is none.
   *
   * @param log where initdb writes when the template is made
   * @return the superuser's password in the copy
   */
  String copyInto(PgBinaries binaries, ServerUser serverUser, Path dataDir, Path log) {
    try {
      Path template = folder(binaries);
      if (!Files.isRegularFile(template.resolve(PASSWORD))) {
        make(binaries, serverUser, template, log);
      }
      ClusterInit.clear(dataDir);
      copy(template.resolve(DATA), dataDir);
      return Files.readString(template.resolve(PASSWORD), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the template cluster into " + dataDir, e);
    }
  }

  private void make(PgBinaries binaries, ServerUser serverUser, Path template, Path log)
      throws IOException {
    Files.createDirectories(templates);
    serverUser.checkCanReach(templates);
    Path building = Files.createTempDirectory(templates, template.getFileName() + ".making-");
    try {
      serverUser.own(building);
      String password = Secrets.newPassword();
      ClusterInit.run(binaries, serverUser, building.resolve(DATA), log, password);
      Path passwordFile =
          Files.createFile(
              building.resolve(PASSWORD),
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
      try {
        Files.move(building, template, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        if (!Files.isRegularFile(template.resolve(PASSWORD))) {
          throw e;
        }
        // Another start made it first: that one is used.
      }
    } finally {
      ClusterInit.clear(building);
    }
  }

  /**
   * {@code cp -a}: the files keep their owner (the server's user) and modes (initdb's 0700, which
   * the server requires), with no call per file from this JVM.
   */
  private static void copy(Path source, Path target) throws IOException {
    Process cp =
        new ProcessBuilder("cp", "-a", source.toString(), target.toString())
            .redirectErrorStream(true)
            .start();
    cp.getOutputStream().close();
    String output = new String(cp.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!cp.waitFor(2, TimeUnit.MINUTES) || cp.exitValue() != 0) {
        cp.destroyForcibly();
        throw new IOException("cp -a " + source + " " + target + " failed: " + output.strip());
      }
    } catch (InterruptedException e) {
      cp.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while copying " + source, e);
    }
  }

  /** The binaries' folder and version, and the arguments' format: a new build gets a new one. */
  static String key(PgBinaries binaries) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update(
          (FORMAT + "\n" + binaries.bin() + "\n" + binaries.versionText())
              .getBytes(StandardCharsets.UTF_8));
      return binaries.version().replaceAll("[^A-Za-z0-9.]", "_")
          + "-"
          + HexFormat.of().formatHex(digest.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
