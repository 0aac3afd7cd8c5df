package io.tunelab.tiers.db;

import io.tunelab.tiers.Ports;
import io.tunelab.tiers.Readiness;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TierStartException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.postgresql.PGConnection;

/** Starts the postmaster of a fresh cluster and brings it to "answers JDBC, database created". */
final class ServerLaunch {
  static final String DATABASE = "tunelab";

  /**
   * The role the middleware connects as: not a superuser, so when its pools use up {@code
   * max_connections} the server refuses it while the harness (the superuser) still gets the
   * superuser-reserved slots, as an application's sessions run out while the DBA's do not. It reads
   * and writes every table (pg_read_all_data, pg_write_all_data) and owns nothing.
   */
  static final String APP_USER = "tunelab_app";

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

  /** A Unix socket path longer than sun_path (108 bytes) stops the server from starting. */
  private static final int MAX_SOCKET_PATH = 100;

  private final PgBinaries binaries;
  private final ServerUser serverUser;
  private final Path root;
  private final int port;
  private final ServerSettings settings;
  private String password;

  ServerLaunch(
      PgBinaries binaries,
      ServerUser serverUser,
      Path root,
      int port,
      ServerSettings settings,
      String password) {
    this.binaries = binaries;
    this.serverUser = serverUser;
    this.root = root;
    this.port = port;
    this.settings = settings;
    this.password = password;
  }

  static String jdbcUrl(int port, String database) {
    return "jdbc:postgresql://" + Ports.LOOPBACK + ":" + port + "/" + database;
  }

  TierProcess start() {
    return start(false);
  }

  /**
   * Starts the postmaster on the cluster in the tier's folder.
   *
   * @param again the cluster ran before (a restart on the same data): the log is added to, not
   *     begun anew, so the crash before it stays readable
   */
  TierProcess start(boolean again) {
    List<String> command = new ArrayList<>();
    command.addAll(List.of(binaries.postgres().toString(), "-D", root.resolve("data").toString()));
    command.addAll(settings.arguments());
    // After the user's settings, so these win: the stack finds the server where it expects it.
    command.addAll(
        List.of("-p", Integer.toString(port), "-c", "listen_addresses=" + Ports.LOOPBACK));
    command.addAll(List.of("-c", "unix_socket_directories=" + socketDirectory()));
    List<String> full = serverUser.command(command);
    Path log = root.resolve("postgres.log");
    List<String> preamble = new ArrayList<>();
    preamble.add("tunelab: PostgreSQL " + binaries.versionText() + " from " + binaries.source());
    preamble.add("tunelab: " + String.join(" ", full));
    preamble.addAll(settings.warnings().stream().map(w -> "tunelab: " + w).toList());
    try {
      if (again) {
        Files.write(
            log,
            List.of("tunelab: started again on the same data: " + String.join(" ", full)),
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      } else {
        Files.write(log, preamble, StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + log, e);
    }
    return TierProcess.start("db", full, root, log, Map.of());
  }

  /** The tier's own folder, unless its socket path would be too long; then TCP only. */
  private String socketDirectory() {
    String socket = root + "/.s.PGSQL." + port;
    return socket.length() <= MAX_SOCKET_PATH ? root.toString() : "";
  }

  void awaitReady(TierProcess server) {
    try {
      Readiness.await(
          server,
          READY_TIMEOUT,
          () -> {
            try (Connection connection = connect("postgres")) {
              return connection.isValid(2);
            }
          });
    } catch (TierStartException e) {
      if (server.isAlive()) {
        throw e;
      }
      throw StartupFailure.from(
          server.log(),
          "PostgreSQL ended with exit status " + server.exitValue() + " before it answered");
    }
  }

  /**
   * Gives the superuser {@code stackPassword} in place of the one the cluster was made with (a
   * template's), and connects with it from then on. Only its SCRAM verifier, computed here, reaches
   * the server, in a session that neither logs nor tracks its statements: the password is never in
   * the server's log or pg_stat_statements, whatever the stack's settings.
   */
  void adoptPassword(String stackPassword) {
    try (Connection connection = connect("postgres");
        Statement statement = connection.createStatement()) {
      unlogged(statement);
      connection
          .unwrap(PGConnection.class)
          .alterUserPassword(ClusterInit.USER, stackPassword.toCharArray(), "scram-sha-256");
    } catch (SQLException e) {
      throw new TierStartException(
          "db",
          "cannot give the superuser the stack's password: " + e.getMessage(),
          root.resolve("postgres.log"),
          e);
    }
    password = stackPassword;
  }

  /**
   * Creates the application role {@value #APP_USER} with the superuser's password (set as {@link
   * #adoptPassword} sets it: only its SCRAM verifier reaches the server, in a session that neither
   * logs nor tracks its statements).
   */
  void createAppRole() {
    try (Connection connection = connect("postgres");
        Statement statement = connection.createStatement()) {
      unlogged(statement);
      statement.execute(
          "CREATE ROLE " + APP_USER + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION");
      statement.execute("GRANT pg_read_all_data, pg_write_all_data TO " + APP_USER);
      connection
          .unwrap(PGConnection.class)
          .alterUserPassword(APP_USER, password.toCharArray(), "scram-sha-256");
    } catch (SQLException e) {
      throw new TierStartException(
          "db",
          "cannot create the middleware's role " + APP_USER + ": " + e.getMessage(),
          root.resolve("postgres.log"),
          e);
    }
  }

  /**
   * Makes the statement's session one that neither logs nor tracks its statements, whatever the
   * stack's settings: for statements that carry a secret.
   */
  private void unlogged(Statement statement) throws SQLException {
    statement.execute("SET log_statement = 'none'");
    statement.execute("SET log_min_duration_statement = -1");
    if (settings.loadsStatements()) {
      statement.execute("SET " + ServerSettings.STATEMENTS + ".track_utility = off");
    }
  }

  /** Creates database {@value #DATABASE}, with pg_stat_statements when the server loads it. */
  void createDatabase() {
    try {
      try (Connection connection = connect("postgres");
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + ClusterInit.USER);
      }
      if (settings.loadsStatements()) {
        try (Connection connection = connect(DATABASE);
            Statement statement = connection.createStatement()) {
          statement.execute("CREATE EXTENSION IF NOT EXISTS " + ServerSettings.STATEMENTS);
        }
      }
    } catch (SQLException e) {
      throw new TierStartException(
          "db",
          "cannot create database " + DATABASE + ": " + e.getMessage(),
          root.resolve("postgres.log"),
          e);
    }
  }

  private Connection connect(String database) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", ClusterInit.USER);
    properties.setProperty("password", password);
    properties.setProperty("connectTimeout", "5");
    properties.setProperty("socketTimeout", "60");
    return DriverManager.getConnection(jdbcUrl(port, database), properties);
  }
}
