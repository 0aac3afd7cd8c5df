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
 * A dynamic class data sharing archive (JDK 13+, JEP 350) of a tier JVM: every tier JVM starts
 * often (the load tier once per batch, the middleware at every step whose knobs restart it, the
 * broker and the mocks with every stack). On 2 cores loading JMeter's classes took a third of a
 * 20-order batch (5.6 s a run without the archive, 3.8 s with it); the mocks JVM was ready in 1.3 s
 * on 1.7 s of CPU with it, 2.3 s on 2.7 s without (measured on this machine). The first JVM of a
 * jar writes the archive at its exit ({@code -XX:ArchiveClassesAtExit}, also on SIGTERM; seconds,
 * once); the following ones map it ({@code -XX:SharedArchiveFile}). Only startup changes: the
 * classes are the same, and what the JIT makes of them too.
 *
 * <p>The archive is kept in {@code $XDG_CACHE_HOME/tunelab/cds} (or {@code ~/.cache/...}) under a
 * name made from the JDK and the jar's and its {@code lib/} folder's paths, sizes and times (the
 * JDK refuses an archive whose class path changed), so a rebuilt jar or another JDK gets its own
 * (and the archives of the jar's earlier builds are removed). It is written under a temporary name
 * and moved into place once the JVM exited (not when it was killed: it may have died writing), so
 * concurrent JVMs never map half an archive. A JVM that cannot map it (another JDK's, a damaged
 * file) runs without it, as the JDK does by default. A tier whose own flags set class sharing
 * ({@code -Xshare:off}, its own archive) gets nothing added: the JDK refuses to write an archive
 * without sharing. Nor does one that records with JFR or loads an agent (in its flags or in {@code
 * JAVA_TOOL_OPTIONS}): JDK 17.0.15 dies with SIGSEGV in {@code
 * KlassFactory::check_shared_class_file_load_hook} when the middleware maps its archive with {@code
 * -XX:StartFlightRecording} (run exit 3, measured on this machine), so such a JVM starts as the JDK
 * does by default. {@code TUNELAB_CDS=off} turns it off.
 */
public final class ClassDataArchive {
  /** A process's exit status after SIGKILL (128 + 9). */
  static final int KILLED = 137;

  /** Jars whose archive a JVM of this controller already tried to write: at most once each. */
  private static final Set<Path> TRIED = ConcurrentHashMap.newKeySet();

  private final Path cache;
  private final boolean enabled;
  private final List<String> toolOptions;

  public ClassDataArchive(Path cache, boolean enabled) {
    this(cache, enabled, "");
  }

  /**
   * @param javaToolOptions the environment's {@code JAVA_TOOL_OPTIONS}, which every tier JVM takes
   */
  ClassDataArchive(Path cache, boolean enabled, String javaToolOptions) {
    this.cache = cache;
    this.enabled = enabled;
    this.toolOptions =
        javaToolOptions == null || javaToolOptions.isBlank()
            ? List.of()
            : List.of(javaToolOptions.trim().split("\\s+"));
  }

  /** The user's cache, unless {@code TUNELAB_CDS=off}. */
  public static ClassDataArchive standard() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return new ClassDataArchive(
        base.resolve("tunelab").resolve("cds"),
        !"off".equals(System.getenv("TUNELAB_CDS")),
        System.getenv("JAVA_TOOL_OPTIONS"));
  }

  /**
   * The archive's use by one JVM of {@code jar} started with {@code jvmFlags}.
   *
   * @param mayWrite false for a JVM that outlives this controller (a detached stack's): nobody
   *     would move the archive it writes into place
   */
  public Use forJar(Path jar, List<String> jvmFlags, boolean mayWrite) {
    if (!enabled
        || jvmFlags.stream().anyMatch(ClassDataArchive::setsSharing)
        || jvmFlags.stream().anyMatch(ClassDataArchive::hooksClassLoading)
        || toolOptions.stream().anyMatch(ClassDataArchive::hooksClassLoading)) {
      return new Use(List.of(), null, null);
    }
    Path archive = cache.resolve(key(jar) + ".jsa");
    if (Files.isRegularFile(archive)) {
      return new Use(List.of("-XX:SharedArchiveFile=" + archive), null, null);
    }
    if (!mayWrite || !TRIED.add(archive)) {
      return new Use(List.of(), null, null);
    }
    try {
      Files.createDirectories(cache);
    } catch (IOException e) {
      return new Use(List.of(), null, null); // no cache: start as the JDK does by default
    }
    dropAbandoned(cache);
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
    /**
     * After the JVM exited: puts the archive it wrote in place, if it wrote one and was not killed
     * (SIGKILL's exit status 137: it may have died writing).
     */
    public void afterExit(int exitStatus) {
      if (writing == null) {
        return;
      }
      try {
        if (exitStatus != KILLED && Files.size(writing) > 0) {
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
   * Removes what a controller that has ended left half done ({@code NAME.PID.writing}: it ended
   * before its JVM did, or was killed), tens of MB each.
   */
  private static void dropAbandoned(Path cache) {
    try (var files = Files.list(cache)) {
      for (Path file : files.toList()) {
        String[] parts = file.getFileName().toString().split("\\.");
        if (parts.length >= 3
            && parts[parts.length - 1].equals("writing")
            && parts[parts.length - 2].matches("[0-9]+")
            && ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty()) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      // a leftover costs only disk space
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

  private static boolean setsSharing(String flag) {
    return flag.startsWith("-Xshare")
        || flag.contains("SharedArchiveFile")
        || flag.contains("ArchiveClassesAtExit")
        || flag.contains("SharedClassListFile");
  }

  /** JFR and agents hook class loading, which the JDK 17 crashed on with an archive mapped. */
  private static boolean hooksClassLoading(String flag) {
    return flag.startsWith("-XX:StartFlightRecording")
        || flag.startsWith("-XX:+FlightRecorder")
        || flag.startsWith("-javaagent:")
        || flag.startsWith("-agentlib:")
        || flag.startsWith("-agentpath:");
  }

  static String key(Path jar) {
    try {
      Path file = jar.toAbsolutePath().normalize();
      StringBuilder identity =
          new StringBuilder(
              String.join(
                  "|", System.getProperty("java.home"), System.getProperty("java.vm.version")));
      identity.append('|').append(fileIdentity(file));
      Path lib = file.resolveSibling("lib");
      if (Files.isDirectory(lib)) {
        try (var jars = Files.list(lib)) {
          for (Path each : jars.sorted().toList()) {
            identity.append('|').append(fileIdentity(each));
          }
        }
      }
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(identity.toString().getBytes(StandardCharsets.UTF_8));
      String name = file.getFileName().toString().replaceAll("\\.jar$", "");
      return name + "-" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot identify " + jar + " for its class archive", e);
    }
  }

  private static String fileIdentity(Path file) throws IOException {
    return file + "," + Files.size(file) + "," + Files.getLastModifiedTime(file).toMillis();
  }
}
