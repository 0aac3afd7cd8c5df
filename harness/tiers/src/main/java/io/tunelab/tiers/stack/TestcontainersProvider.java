package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Secrets;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerProperties;
import io.tunelab.tiers.mocks.MocksClient;
import io.tunelab.tiers.mocks.MocksConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The stack as containers of the official images pinned in {@code .env}, with the same {@code
 * mocks/}, broker.xml and server settings as the embedded stack, each published on 127.0.0.1 only
 * and the database's password made for the stack. Needs a Docker engine; the schema is migrated
 * over JDBC like for any other provider.
 *
 * <p>Its tiers are not local processes of this machine's process table, so {@link Stack#tiers()} is
 * empty: per-tier CPU accounting needs the embedded provider.
 */
public final class TestcontainersProvider implements StackProvider {
  public static final String NAME = "testcontainers";

  private final TunelabHome home;

  public TestcontainersProvider(TunelabHome home) {
    this.home = home;
  }

  public TestcontainersProvider() {
    this(TunelabHome.locate());
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Whether a Docker engine answers; about 0.4 s when none does. */
  public static boolean dockerAvailable() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  @Override
  public Stack start(StackConfig config) {
    if (!dockerAvailable()) {
      throw new BadInputException(
          "--provider testcontainers needs a Docker engine, and none answers here: start Docker,"
              + " or use the default embedded provider, which needs none");
    }
    ContainerImages images = ContainerImages.fromEnvFile(home.root().resolve(".env"));
    StackContainers containers = new StackContainers(home, images);
    List<GenericContainer<?>> started = new ArrayList<>();
    long begin = System.nanoTime();
    try {
      String dbPassword = Secrets.newPassword();
      GenericContainer<?> db = start(started, containers.postgres(config.db(), dbPassword));
      GenericContainer<?> broker =
          start(
              started,
              containers.artemis(
                  BrokerProperties.of(config.broker(), "0.0.0.0", StackContainers.ARTEMIS_PORT),
                  config.broker().jvmFlags()));
      GenericContainer<?> siebel = start(started, containers.wiremock("siebel", config.mocks()));
      GenericContainer<?> brm = start(started, containers.wiremock("brm", config.mocks()));
      GenericContainer<?> driver = start(started, containers.wiremock("driver", config.mocks()));
      Endpoints endpoints =
          new Endpoints(
              "jdbc:postgresql://"
                  + db.getHost()
                  + ":"
                  + db.getMappedPort(StackContainers.POSTGRES_PORT)
                  + "/tunelab",
              "tunelab",
              dbPassword,
              "tcp://"
                  + broker.getHost()
                  + ":"
                  + broker.getMappedPort(StackContainers.ARTEMIS_PORT),
              "",
              "",
              httpUrl(siebel),
              httpUrl(brm),
              httpUrl(driver));
      applyLiveSettings(endpoints, config.mocks());
      long millis = Duration.ofNanos(System.nanoTime() - begin).toMillis();
      return new RemoteStack(
          NAME, endpoints, Map.of("stack", millis), () -> started.forEach(GenericContainer::stop));
    } catch (RuntimeException e) {
      started.forEach(GenericContainer::stop);
      throw e;
    }
  }

  private static GenericContainer<?> start(
      List<GenericContainer<?>> started, GenericContainer<?> container) {
    started.add(container);
    container.start();
    return container;
  }

  private static String httpUrl(GenericContainer<?> wiremock) {
    return "http://"
        + wiremock.getHost()
        + ":"
        + wiremock.getMappedPort(StackContainers.WIREMOCK_PORT);
  }

  private static void applyLiveSettings(Endpoints endpoints, MocksConfig mocks) {
    for (Backend backend : Backend.values()) {
      MocksClient client = MocksClient.of(backend, endpoints);
      client.setLatency(mocks.backend(backend).latency());
      client.setFaults(mocks.backend(backend).faultRate(), mocks.backend(backend).faultKind());
      if (!mocks.backend(backend).repeats().isEmpty()) {
        client.setRepeats(mocks.backend(backend).repeats());
      }
    }
  }
}
