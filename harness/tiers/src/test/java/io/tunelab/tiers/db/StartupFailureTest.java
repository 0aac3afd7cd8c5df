package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupFailureTest {
  @TempDir Path dir;

  @Test
  void putsPostgresComplaintAndTheFixFirst() throws Exception {
    Path log = dir.resolve("postgres.log");
    Files.writeString(
        log,
        """
        tunelab: postgres -D data -c max_connections=-3
        2026-11-22 21:38:52.690 GMT [7182] FATAL:  the database system is starting up
        2026-11-22 21:38:52.699 GMT [7181] FATAL:  -3 is outside the valid range for parameter \
        "max_connections" (1 .. 262143)
        """);

    String message = StartupFailure.from(log, "ended").getMessage();

    assertThat(message)
        .startsWith(
            "the db tier did not start: PostgreSQL refused to start: FATAL: -3 is outside the valid"
                + " range for parameter \"max_connections\" (1 .. 262143) Fix: check the"
                + " db.server.max_connections setting");
    assertThat(message).contains("--- last lines of " + log);
  }

  @Test
  void fallsBackToTheGivenProblemWhenPostgresSaidNothing() throws Exception {
    Path log = dir.resolve("postgres.log");
    Files.writeString(log, "tunelab: postgres -D data\n");

    assertThat(StartupFailure.from(log, "not ready after 30 s").getMessage())
        .startsWith("the db tier did not start: not ready after 30 s");
  }
}
