package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.RuntimeDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the PostgreSQL binaries for a {@link DbBinaries} mode.
 *
 * <p>SYSTEM looks at the directory the user named ({@link PgSearch#PROPERTY} or {@link
 * PgSearch#ENV}), then {@code pg_config --bindir}, then the newest {@code
 * /usr/lib/postgresql/<major>/bin}. ZONKY unpacks the binaries on the classpath. AUTO is SYSTEM
 * when it finds any, else ZONKY. A directory the user named that holds no server is an error in
 * every mode: silently running other binaries than the ones asked for would mislead.
 */
public final class PgBinariesLocator {
  private static final Logger LOG = LoggerFactory.getLogger(PgBinariesLocator.class);

  private final PgSearch search;
  private final Supplier<PgBinaries> zonky;

  /**
   * @param zonky unpacks and inspects the zonky binaries; only called when they are chosen
   */
  public PgBinariesLocator(PgSearch search, Supplier<PgBinaries> zonky) {
    this.search = search;
    this.zonky = zonky;
  }

  /** What a user gets: the search from the environment, zonky unpacked under the runtime dir. */
  public static PgBinariesLocator fromEnvironment() {
    return new PgBinariesLocator(
        PgSearch.fromEnvironment(), () -> ZonkyBinaries.unpackOnce(RuntimeDir.root()));
  }

  public PgBinaries locate(DbBinaries mode) {
    return switch (mode) {
      case ZONKY -> zonky.get();
      case SYSTEM -> {
        List<String> looked = new ArrayList<>();
        yield system(looked).orElseThrow(() -> noSystemBinaries(looked));
      }
      case AUTO -> {
        List<String> looked = new ArrayList<>();
        Optional<PgBinaries> found = system(looked);
        if (found.isEmpty()) {
          LOG.info("no system PostgreSQL ({}): using zonky's binaries", String.join("; ", looked));
        }
        yield found.orElseGet(zonky);
      }
    };
  }

  private Optional<PgBinaries> system(List<String> looked) {
    if (search.configuredBin().isPresent()) {
      Path dir = search.configuredBin().get();
      if (!PgBinaries.holdsServer(dir)) {
        throw badConfiguredDir(dir);
      }
      return Optional.of(PgBinaries.inspect(dir, search.configuredBy() + "=" + dir));
    }
    return fromPgConfig(looked).or(() -> newestVersioned(looked));
  }

  private Optional<PgBinaries> fromPgConfig(List<String> looked) {
    String bindir;
    try {
      bindir = PgBinaries.run(List.of(search.pgConfig(), "--bindir")).strip();
    } catch (BadInputException e) {
      looked.add(search.pgConfig() + " --bindir: " + e.getMessage());
      return Optional.empty();
    }
    Path dir = Path.of(bindir);
    if (!PgBinaries.holdsServer(dir)) {
      looked.add(search.pgConfig() + " --bindir: " + dir + " has no postgres and initdb");
      return Optional.empty();
    }
    return Optional.of(PgBinaries.inspect(dir, "pg_config --bindir"));
  }

  private Optional<PgBinaries> newestVersioned(List<String> looked) {
    Path root = search.versionsRoot();
    List<Path> candidates;
    try (Stream<Path> versions = Files.list(root)) {
      candidates =
          versions
              .map(version -> version.resolve("bin"))
              .filter(PgBinaries::holdsServer)
              .sorted(Comparator.comparing(PgBinariesLocator::major).reversed())
              .toList();
    } catch (IOException e) {
      candidates = List.of();
    }
    if (candidates.isEmpty()) {
      looked.add(root + "/*/bin: none");
      return Optional.empty();
    }
    return Optional.of(PgBinaries.inspect(candidates.get(0), root + "/*/bin (newest)"));
  }

  private static double major(Path bin) {
    try {
      return Double.parseDouble(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private BadInputException badConfiguredDir(Path dir) {
    return new BadInputException(
        search.configuredBy()
            + " points to "
            + dir
            + ", which holds no PostgreSQL server (found: "
            + describe(dir)
            + "; need postgres and initdb there): point it to the bin directory of a"
            + " PostgreSQL installation (e.g. /usr/lib/postgresql/15/bin, see pg_config --bindir),"
            + " install one (apt-get install postgresql), or unset it and set db.binaries to"
            + " DbBinaries.AUTO or DbBinaries.ZONKY to use the binaries zonky publishes");
  }

  private BadInputException noSystemBinaries(List<String> looked) {
    return new BadInputException(
        "no PostgreSQL binaries found on this machine (looked at: "
            + String.join("; ", looked)
            + ") and db.binaries is DbBinaries.SYSTEM, which never falls back: install PostgreSQL"
            + " (apt-get install postgresql), point "
            + PgSearch.ENV
            + " to its bin directory, or set db.binaries to DbBinaries.AUTO or DbBinaries.ZONKY"
            + " to use the binaries zonky publishes");
  }

  private static String describe(Path dir) {
    if (!Files.isDirectory(dir)) {
      return "no such directory";
    }
    try (Stream<Path> entries = Files.list(dir)) {
      List<String> names = entries.map(p -> p.getFileName().toString()).sorted().toList();
      if (names.isEmpty()) {
        return "an empty directory";
      }
      String shown = String.join(", ", names.subList(0, Math.min(names.size(), 8)));
      return names.size() > 8 ? shown + " and " + (names.size() - 8) + " more" : shown;
    } catch (IOException e) {
      return "an unreadable directory (" + e.getMessage() + ")";
    }
  }
}
