package io.tunelab.middleware.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class DatabaseOutageTest {
  @Test
  void aLostConnectionAStartingServerAndThePoolsTimeoutAreAnOutage() {
    assertThat(DatabaseOutage.isCause(new SQLException("I/O error", "08006"))).isTrue();
    assertThat(DatabaseOutage.isCause(new SQLException("starting up", "57P03"))).isTrue();
    assertThat(
            DatabaseOutage.isCause(
                new SQLTransientConnectionException("tunelab-middleware - not available")))
        .isTrue();
    assertThat(DatabaseOutage.isCause(new SQLException("Connection is closed"))).isTrue();
    // as the delivery store reports it, wrapped twice
    assertThat(
            DatabaseOutage.isCause(
                new IllegalStateException(
                    "could not store the delivery",
                    new RuntimeException(new SQLException("refused", "08001")))))
        .isTrue();
  }

  @Test
  void theOrdersOwnFailuresAreNot() {
    assertThat(DatabaseOutage.isCause(new SQLException("duplicate key", "23505"))).isFalse();
    assertThat(DatabaseOutage.isCause(new SQLException("deadlock", "40P01"))).isFalse();
    assertThat(DatabaseOutage.isCause(new IllegalStateException("bad payload"))).isFalse();
    assertThat(DatabaseOutage.isCause(new SQLException("no state"))).isFalse();
  }
}
