package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.Secrets;
import io.tunelab.tiers.TierStartException;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerProperties;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksClient;
import io.tunelab.tiers.mocks.MocksConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The stack as containers of the official images pinned in {@code .env}, with the same {@code
 * mocks/}, broker.xml and server settings as the embedded stack, each published on 127.0.0.1 only
 * and the database's password made for the stack. Needs a Docker engine; the schema is migrated
 * over JDBC like for any other provider.
 *
 * <p>With {@code TUNELAB_IMAGES=built} it runs tunelab's own images ({@code containers/}) on the
 * host's network instead ({@link BuiltImageContainers}), for machines without a registry. Its tiers
 * are not this controller's processes ({@link Stack#tiers()} is empty); on the host's network the
 * observer finds them behind their ports ({@link Stack#watchedProcesses()}).
 */
public final class TestcontainersProvider implements StackProvider {
  public static final String NAME = "testcontainers";

  /** Testcontainers reads it from the environment only. */
  static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";

  /**
   * Where Testcontainers reaches the containers' ports; without it, on a machine that looks like a
   * container itself, it asks the engine for its bridge network, which {@code --bridge=none} has
   * not.
   */
  static final String HOST_OVERRIDE = "TESTCONTAINERS_HOST_OVERRIDE";

  private final TunelabHome home;
  private final Map<String, String> environment;

  public TestcontainersProvider(TunelabHome home) {
    this(home, System.getenv());
  }

  /**
   * @param environment where {@code TUNELAB_IMAGES} and {@value #RYUK_DISABLED} are read
   */
  TestcontainersProvider(TunelabHome home, Map<String, String> environment) {
    this.home = home;
    this.environment = Map.copyOf(environment);
  }

  public TestcontainersProvider() {
    this(TunelabHome.locate());
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String describe() {
    ContainerImages images = ContainerImages.fromEnvFile(home.root().resolve(".env"), environment);
    return NAME
        + " ("
        + String.join(", ", images.postgres(), images.artemis(), images.wiremock())
        + (images.built() ? ", built here, on the host's network)" : ")");
  }

  /** Whether a Docker engine answers; about 0.4 s when none does. */
  public static boolean dockerAvailable() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  @Override
  public Stack start(StackConfig config) {
    ContainerImages images = ContainerImages.fromEnvFile(home.root().resolve(".env"), environment);
    if (images.built() && !"true".equals(environment.get(RYUK_DISABLED))) {
      throw new BadInputException(
          "TUNELAB_IMAGES=built runs tunelab's own images where no registry answers, and"
              + " Testcontainers' Ryuk would pull its image from one: set "
              + RYUK_DISABLED
              + "=true (the containers are then removed when tunelab ends, not after a kill -9)");
    }
    if (!dockerAvailable()) {
      throw new BadInputException(
          "--provider testcontainers needs a Docker engine, and none answers here: start Docker,"
              + " or use the default embedded provider, which needs none"
              + (images.built()
                  ? " (an engine without a bridge network, dockerd --bridge=none, also needs "
                      + HOST_OVERRIDE
                      + "=127.0.0.1)"
                  : ""));
    }
    Map<String, GenericContainer<?>> started = new LinkedHashMap<>();
    long begin = System.nanoTime();
    try {
      String dbPassword = Secrets.newPassword();
      Endpoints endpoints =
          images.built()
              ? onHostNetwork(new BuiltImageContainers(images), config, dbPassword, started)
              : published(new StackContainers(home, images), config, dbPassword, started);
      applyLiveSettings(endpoints, config.mocks());
      recordStatements(endpoints, config.db());
      long millis = Duration.ofNanos(System.nanoTime() - begin).toMillis();
      Path logs = logFolder();
      Map<String, Path> logFiles = new LinkedHashMap<>();
      started.keySet().forEach(name -> logFiles.put(name, logs.resolve(name + ".log")));
      return new RemoteStack(
          NAME,
          endpoints,
          Map.of("stack", millis),
          () -> {
            // a container's output goes with it: kept first, for the run's logs/
            saveLogs(started, logFiles, dbPassword);
            started.values().forEach(GenericContainer::stop);
          },
          logFiles);
    } catch (RuntimeException e) {
      started.values().forEach(GenericContainer::stop);
      throw e;
    }
  }

  /** The official images, each port published on 127.0.0.1 of the Docker host. */
  private static Endpoints published(
      StackContainers containers,
      StackConfig config,
      String dbPassword,
      Map<String, GenericContainer<?>> started) {
    GenericContainer<?> db = start(started, "db", containers.postgres(config.db(), dbPassword));
    GenericContainer<?> broker =
        start(
            started,
            "broker",
            containers.artemis(
                BrokerProperties.of(config.broker(), "0.0.0.0", StackContainers.ARTEMIS_PORT),
                config.broker().jvmFlags()));
    Map<Backend, String> mocks = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      mocks.put(
          backend,
          httpUrl(
              start(
                  started, backend.label(), containers.wiremock(backend.label(), config.mocks()))));
    }
    return new Endpoints(
        "jdbc:postgresql://"
            + db.getHost()
            + ":"
            + db.getMappedPort(StackContainers.POSTGRES_PORT)
            + "/tunelab",
        "tunelab",
        dbPassword,
        "tcp://" + broker.getHost() + ":" + broker.getMappedPort(StackContainers.ARTEMIS_PORT),
        "",
        "",
        mocks,
        "",
        "");
  }

  /** tunelab's own images on the host's network, on free ports of 127.0.0.1. */
  private static Endpoints onHostNetwork(
      BuiltImageContainers containers,
      StackConfig config,
      String dbPassword,
      Map<String, GenericContainer<?>> started) {
    int db = Ports.free();
    int broker = Ports.free();
    Map<Backend, Integer> ports = new EnumMap<>(Backend.class);
    Map<Backend, String> mocks = new EnumMap<>(Backend.class);
    String host = "127.0.0.1";
    for (Backend backend : Backend.values()) {
      int port = Ports.free();
      ports.put(backend, port);
      mocks.put(backend, "http://" + host + ":" + port);
    }
    start(started, "db", containers.postgres(config.db(), dbPassword, db));
    start(started, "broker", containers.broker(config.broker(), broker));
    start(started, "mocks", containers.mocks(config.mocks(), ports));
    return new Endpoints(
        "jdbc:postgresql://" + host + ":" + db + "/tunelab",
        "tunelab",
        dbPassword,
        "tcp://" + host + ":" + broker,
        "",
        "",
        mocks,
        "",
        "");
  }

  private static GenericContainer<?> start(
      Map<String, GenericContainer<?>> started, String name, GenericContainer<?> container) {
    started.put(name, container);
    container.start();
    return container;
  }

  /** A folder of the runtime folder for this stack's container logs. */
  private static Path logFolder() {
    try {
      return Files.createTempDirectory(RuntimeDir.root(), "containers-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a folder for the containers' logs", e);
    }
  }

  /**
   * Each container's output (stdout and stderr) so far, into its file, the stack's password masked
   * should a tier print it; best effort.
   */
  private static void saveLogs(
      Map<String, GenericContainer<?>> started, Map<String, Path> logFiles, String password) {
    started.forEach(
        (name, container) -> {
          try {
            Files.writeString(
                logFiles.get(name), container.getLogs().replace(password, "********"));
          } catch (IOException | RuntimeException e) {
            // the stack stops all the same; the run's logs/ then lacks this one
          }
        });
  }

  private static String httpUrl(GenericContainer<?> wiremock) {
    return "http://"
        + wiremock.getHost()
        + ":"
        + wiremock.getMappedPort(StackContainers.WIREMOCK_PORT);
  }

  /**
   * pg_stat_statements in tunelab's database when the server loads it, as the embedded tier creates
   * it with the database: an image's entrypoint makes the database only, so the observer found no
   * statements to count (no statements per unit, no top SQL, on containers). Also the db's first
   * answer over its own protocol.
   */
  private static void recordStatements(Endpoints endpoints, DbConfig db) {
    String preload = db.serverSettings().getOrDefault("shared_preload_libraries", "");
    if (!Arrays.asList(preload.replace(" ", "").split(",")).contains("pg_stat_statements")) {
      return;
    }
    try (Connection connection =
            DriverManager.getConnection(
                endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    } catch (SQLException e) {
      throw new TierStartException(
          "db", "cannot create pg_stat_statements in its database: " + e.getMessage(), null, e);
    }
  }

  private static void applyLiveSettings(Endpoints endpoints, MocksConfig mocks) {
    for (Backend backend : Backend.values()) {
      MocksClient.of(backend, endpoints).apply(mocks.mock(backend));
    }
  }
}
