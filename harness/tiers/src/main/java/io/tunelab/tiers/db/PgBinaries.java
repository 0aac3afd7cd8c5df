package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of PostgreSQL server binaries the db tier can run.
 *
 * @param bin the directory holding {@code postgres} and {@code initdb}
 * @param pkgLib the directory holding the server's loadable modules ({@code pg_config
 *     --pkglibdir}), where {@code pg_stat_statements.so} lives when it is installed
 * @param versionText what {@code postgres --version} printed, e.g. {@code postgres (PostgreSQL)
 *     15.18 (Debian 15.18-0+deb12u1)}
 * @param source where they were found, for messages and results, e.g. {@code pg_config --bindir}
 */
public record PgBinaries(Path bin, Path pkgLib, String versionText, String source) {
  private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\)\\s+(\\S+)");

  /** Inspects the binaries in {@code bin}, which must hold {@code postgres} and {@code initdb}. */
  public static PgBinaries inspect(Path bin, String source) {
    Path dir = bin.toAbsolutePath().normalize();
    String versionText = run(List.of(dir.resolve("postgres").toString(), "--version"));
    return new PgBinaries(dir, pkgLib(dir), versionText.strip(), source);
  }

  /** Whether {@code dir} holds an executable {@code postgres} and {@code initdb}. */
  public static boolean holdsServer(Path dir) {
    return Files.isExecutable(dir.resolve("postgres")) && Files.isExecutable(dir.resolve("initdb"));
  }

  public Path postgres() {
    return bin.resolve("postgres");
  }

  public Path initdb() {
    return bin.resolve("initdb");
  }

  /** The version number, e.g. {@code 15.18}. */
  public String version() {
    Matcher matcher = VERSION.matcher(versionText);
    return matcher.find() ? matcher.group(1) : versionText;
  }

  /** Whether the loadable module {@code name} (e.g. {@code pg_stat_statements}) is installed. */
  public boolean hasModule(String name) {
    return Files.isRegularFile(pkgLib.resolve(name + ".so"));
  }

  private static Path pkgLib(Path bin) {
    // Debian ships a pg_config per version beside the server; zonky's bundle has none and keeps
    // its modules in ../lib/postgresql, the default layout of a source build.
    Path pgConfig = bin.resolve("pg_config");
    if (Files.isExecutable(pgConfig)) {
      try {
        return Path.of(run(List.of(pgConfig.toString(), "--pkglibdir")).strip());
      } catch (BadInputException e) {
        // Fall through to the conventional layouts.
      }
    }
    Path lib = bin.resolveSibling("lib");
    Path nested = lib.resolve("postgresql");
    return Files.isDirectory(nested) ? nested : lib;
  }

  /** Runs a short command and returns its output; fails with the output when it fails. */
  static String run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new BadInputException(String.join(" ", command) + " did not answer in 30 s");
      }
      if (process.exitValue() != 0) {
        throw new BadInputException(
            String.join(" ", command)
                + " failed with exit status "
                + process.exitValue()
                + ": "
                + output.strip());
      }
      return output;
    } catch (IOException e) {
      throw new BadInputException(
          "cannot run " + String.join(" ", command) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BadInputException("interrupted while running " + String.join(" ", command));
    }
  }
}
