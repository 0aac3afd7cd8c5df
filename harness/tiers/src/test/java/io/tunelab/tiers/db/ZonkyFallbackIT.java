package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The fallback binaries really run a server. Unpacking them costs a few seconds the first time on a
 * machine; later runs reuse {@code <runtime>/pg-binaries/<version>}.
 */
class ZonkyFallbackIT {
  private Path dir;
  private PostgresTier tier;

  @AfterEach
  void stop() {
    if (tier != null) {
      tier.close();
    }
    DbTestDirs.delete(dir);
  }

  @Test
  void zonkyBinariesRunAServer() {
    dir = DbTestDirs.fresh("zonky");
    long started = System.nanoTime();

    tier =
        PostgresTier.start(
            DbConfig.defaults().withBinaries(DbBinaries.ZONKY), dir, DbTestDirs.ownedByThisJvm());

    System.out.printf(
        "zonky db tier: %d ms including any unpack, %d ms cold start, PostgreSQL %s from %s%n",
        (System.nanoTime() - started) / 1_000_000,
        tier.startTime().toMillis(),
        tier.version(),
        tier.binaries().bin());
    Database database = new Database(tier.jdbcUrl(), tier.user(), tier.password());
    assertThat(tier.binaries().source()).startsWith("zonky");
    assertThat(database.serverVersion()).startsWith(tier.version()).startsWith("18.");
    assertThat(database.show("shared_preload_libraries", "fsync"))
        .containsEntry("shared_preload_libraries", "pg_stat_statements")
        .containsEntry("fsync", "on");
  }
}
