package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerSettingsTest {
  @TempDir Path pkgLib;

  private PgBinaries binaries() {
    return new PgBinaries(pkgLib, pkgLib, "postgres (PostgreSQL) 15.18", "test");
  }

  @Test
  void keepsPgStatStatementsWhenTheModuleIsInstalled() throws Exception {
    Files.writeString(pkgLib.resolve("pg_stat_statements.so"), "");

    ServerSettings settings =
        ServerSettings.resolve(DbConfig.defaults().serverSettings(), binaries());

    assertThat(settings.loadsStatements()).isTrue();
    assertThat(settings.warnings()).isEmpty();
    assertThat(settings.arguments()).contains("shared_preload_libraries=pg_stat_statements");
  }

  @Test
  void dropsPgStatStatementsWithAWarningWhenTheModuleIsMissing() {
    Map<String, String> requested =
        DbConfig.defaults()
            .withSetting("shared_preload_libraries", "auto_explain, pg_stat_statements")
            .serverSettings();

    ServerSettings settings = ServerSettings.resolve(requested, binaries());

    assertThat(settings.loadsStatements()).isFalse();
    assertThat(settings.settings())
        .containsEntry("shared_preload_libraries", "auto_explain")
        .doesNotContainKey("pg_stat_statements.track");
    assertThat(settings.warnings())
        .singleElement()
        .asString()
        .startsWith("WARN: " + pkgLib.resolve("pg_stat_statements.so") + " is missing");
  }

  @Test
  void rejectsSettingsTheTierOwns() {
    Map<String, String> requested =
        DbConfig.defaults().withSetting("port", "5432").serverSettings();

    assertThatThrownBy(() -> ServerSettings.resolve(requested, binaries()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("db.server.port cannot be set")
        .hasMessageContaining("db.port");
  }
}
