package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgBinariesLocatorTest {
  @TempDir Path temp;

  private static final Supplier<PgBinaries> NO_ZONKY =
      () -> {
        throw new AssertionError("must not fall back to zonky");
      };

  private PgSearch nothingInstalled() {
    return new PgSearch(
        Optional.empty(), PgSearch.ENV, "no-such-pg_config-for-tunelab", temp.resolve("versions"));
  }

  @Test
  void rejectsTunelabPgBinWithoutServerBinaries() throws Exception {
    Path empty = Files.createDirectories(temp.resolve("empty-bin"));
    PgBinariesLocator locator = new PgBinariesLocator(PgSearch.only(empty), NO_ZONKY);

    assertThatThrownBy(() -> locator.locate(DbBinaries.SYSTEM))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("TUNELAB_PG_BIN points to " + empty)
        .hasMessageContaining("found: an empty directory")
        .hasMessageContaining("apt-get install postgresql")
        .hasMessageContaining("DbBinaries.AUTO or DbBinaries.ZONKY");
  }

  @Test
  void neverFallsBackWhenTunelabPgBinIsWrong() throws Exception {
    Path wrong = Files.createDirectories(temp.resolve("wrong-bin"));
    Files.writeString(wrong.resolve("psql"), "");
    PgBinariesLocator locator = new PgBinariesLocator(PgSearch.only(wrong), NO_ZONKY);

    assertThatThrownBy(() -> locator.locate(DbBinaries.AUTO))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("found: psql; need postgres and initdb there");
  }

  @Test
  void saysHowToFixWhenThereAreNoBinariesAndNoFallback() {
    PgBinariesLocator locator = new PgBinariesLocator(nothingInstalled(), NO_ZONKY);

    assertThatThrownBy(() -> locator.locate(DbBinaries.SYSTEM))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("no PostgreSQL binaries found on this machine")
        .hasMessageContaining("no-such-pg_config-for-tunelab --bindir")
        .hasMessageContaining(temp.resolve("versions") + "/*/bin: none")
        .hasMessageContaining("never falls back")
        .hasMessageContaining("apt-get install postgresql")
        .hasMessageContaining("DbBinaries.AUTO or DbBinaries.ZONKY");
  }

  @Test
  void autoFallsBackToZonkyWhenThereAreNoSystemBinaries() {
    PgBinaries zonky = new PgBinaries(temp, temp, "postgres (PostgreSQL) 18.6", "zonky");
    PgBinariesLocator locator = new PgBinariesLocator(nothingInstalled(), () -> zonky);

    assertThat(locator.locate(DbBinaries.AUTO)).isSameAs(zonky);
  }

  @Test
  void readsTheVersionNumber() {
    PgBinaries binaries =
        new PgBinaries(temp, temp, "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)", "x");

    assertThat(binaries.version()).isEqualTo("15.18");
  }
}
