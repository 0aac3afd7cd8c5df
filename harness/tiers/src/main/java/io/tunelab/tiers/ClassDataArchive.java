package io.tunelab.tiers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A dynamic class data sharing archive (JDK 13+, JEP 350) of a tier JVM that starts often: the load
 * tier runs one JVM per batch, and on 2 cores loading JMeter's classes took a third of a 20-order
 * batch (5.6 s a run without the archive, 3.8 s with it, measured on this machine). The first JVM
 * of a jar writes the archive at its exit ({@code -XX:ArchiveClassesAtExit}, about 3.5 s once); the
 * following ones map it ({@code -XX:SharedArchiveFile}). Only startup changes: the classes are the
 * same, and what the JIT makes of them too.
 *
 * <p>The archive is kept in {@code $XDG_CACHE_HOME/tunelab/cds} (or {@code ~/.cache/...}) under a
 * name made from the JDK and the jar's path, size and time, so a rebuilt jar or another JDK gets
 * its own (and the archives of the jar's earlier builds are removed). It is written under a
 * temporary name and moved into place, so concurrent JVMs never map half an archive. A JVM that
 * cannot map it (another JDK's, a damaged file) runs without it, as the JDK does by default. {@code
 * TUNELAB_CDS=off} turns it off.
 */
public final class ClassDataArchive {
  /** Jars whose archive a JVM of this controller already tried to write: at most once each. */
  private static final Set<Path> TRIED = ConcurrentHashMap.newKeySet();

  private final Path cache;
  private final boolean enabled;

  public ClassDataArchive(Path cache, boolean enabled) {
    this.cache = cache;
    this.enabled = enabled;
  }

  /** The user's cache, unless {@code TUNELAB_CDS=off}. */
  public static ClassDataArchive standard() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return new ClassDataArchive(
        base.resolve("tunelab").resolve("cds"), !"off".equals(System.getenv("TUNELAB_CDS")));
  }

  /** The archive's use by one JVM of {@code jar}: its flags, and what to do once it exited. */
  public Use forJar(Path jar) {
    if (!enabled) {
      return new Use(List.of(), null, null);
    }
    Path archive = cache.resolve(key(jar) + ".jsa");
    if (Files.isRegularFile(archive)) {
      return new Use(List.of("-XX:SharedArchiveFile=" + archive), null, null);
    }
    if (!TRIED.add(archive)) {
      return new Use(List.of(), null, null);
    }
    try {
      Files.createDirectories(cache);
    } catch (IOException e) {
      return new Use(List.of(), null, null); // no cache: start as the JDK does by default
    }
    Path writing = cache.resolve(key(jar) + "." + ProcessHandle.current().pid() + ".writing");
    // the dump warns about every class it leaves out (JMeter's optional Groovy and log4j parts):
    // noise in the tier's log, not a problem of the run
    return new Use(
        List.of("-XX:ArchiveClassesAtExit=" + writing, "-Xlog:cds*=error"), writing, archive);
  }

  /**
   * @param flags for the JVM's command line, before {@code -jar}
   * @param writing where the JVM writes the archive at its exit; null when it maps one or none
   * @param archive where the written archive goes
   */
  public record Use(List<String> flags, Path writing, Path archive) {
    /** After the JVM exited: puts the archive it wrote in place, if it wrote one. */
    public void afterExit() {
      if (writing == null) {
        return;
      }
      try {
        if (Files.size(writing) > 0) {
          Files.move(writing, archive, StandardCopyOption.ATOMIC_MOVE);
          dropOthers(archive);
        }
      } catch (IOException e) {
        // none written (the JVM was killed, or the JDK refused): the next controller tries again
      } finally {
        try {
          Files.deleteIfExists(writing);
        } catch (IOException e) {
          // a leftover temporary file in a cache folder harms nothing
        }
      }
    }
  }

  /**
   * Removes the archives of earlier builds of the same jar (tens of MB each; every build makes a
   * new jar, so they would pile up).
   */
  private static void dropOthers(Path archive) {
    String name = archive.getFileName().toString();
    String jar = name.substring(0, name.lastIndexOf('-') + 1);
    try (var files = Files.list(archive.getParent())) {
      for (Path other : files.toList()) {
        String n = other.getFileName().toString();
        if (n.startsWith(jar) && n.endsWith(".jsa") && !n.equals(name)) {
          Files.deleteIfExists(other);
        }
      }
    } catch (IOException e) {
      // an old archive left behind costs only disk space
    }
  }

  static String key(Path jar) {
    try {
      Path file = jar.toAbsolutePath().normalize();
      String identity =
          String.join(
              "|",
              System.getProperty("java.home"),
              System.getProperty("java.vm.version"),
              file.toString(),
              Long.toString(Files.size(file)),
              Long.toString(Files.getLastModifiedTime(file).toMillis()));
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
      String name = file.getFileName().toString().replaceAll("\\.jar$", "");
      return name + "-" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot identify " + jar + " for its class archive", e);
    }
  }
}
