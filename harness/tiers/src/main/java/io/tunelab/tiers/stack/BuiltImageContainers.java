package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerProperties;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One container per tier from the images tunelab builds itself ({@code containers/}), on the host's
 * network, each listening on 127.0.0.1 at a port chosen here: no image is pulled, no bridge network
 * is needed (an engine started with {@code --bridge=none}), and no address outside loopback is
 * used. The images run the same tier jars, broker.xml and {@code mocks/} as the embedded stack.
 */
final class BuiltImageContainers {
  private static final Duration STARTUP = Duration.ofMinutes(3);

  private final ContainerImages images;

  BuiltImageContainers(ContainerImages images) {
    this.images = images;
  }

  GenericContainer<?> postgres(DbConfig db, String password, int port) {
    return onHost(images.postgres())
        .withEnv(
            Map.of(
                "POSTGRES_USER",
                "tunelab",
                "POSTGRES_PASSWORD",
                password,
                "POSTGRES_DB",
                "tunelab",
                "PGPORT",
                Integer.toString(port)))
        .withCommand(StackContainers.postgresCommand(db))
        .waitingFor(
            Wait.forLogMessage(".*database system is ready to accept connections.*", 1)
                .withStartupTimeout(STARTUP));
  }

  GenericContainer<?> broker(BrokerConfig broker, int port) {
    List<String> flags =
        new ArrayList<>(
            BrokerProperties.asFlags(
                BrokerProperties.of(broker, io.tunelab.tiers.Ports.LOOPBACK, port)));
    flags.addAll(broker.jvmFlags());
    return onHost(images.artemis())
        .withEnv(
            Map.of("BROKER_PORT", Integer.toString(port), "JAVA_OPTS", String.join(" ", flags)))
        .waitingFor(Wait.forLogMessage(".*AMQ221007.*", 1).withStartupTimeout(STARTUP));
  }

  /** The mocks image serving each back-end on its port: the image reads {@code <LABEL>_PORT}. */
  GenericContainer<?> mocks(MocksConfig mocks, Map<Backend, Integer> ports) {
    Map<String, String> env = new HashMap<>();
    ports.forEach(
        (backend, port) ->
            env.put(backend.label().toUpperCase(Locale.ROOT) + "_PORT", Integer.toString(port)));
    env.put("CONTAINER_THREADS", Integer.toString(mocks.containerThreads()));
    env.put("ASYNC_RESPONSES", Boolean.toString(mocks.asyncResponses()));
    env.put("JAVA_OPTS", String.join(" ", mocks.jvmFlags()));
    return onHost(images.wiremock())
        .withEnv(env)
        .waitingFor(
            // the mocks tier's banner (MocksMain.READY_BANNER), printed once all three answer
            Wait.forLogMessage(".*tunelab mocks ready.*", 1).withStartupTimeout(STARTUP));
  }

  private static GenericContainer<?> onHost(String image) {
    return new GenericContainer<>(DockerImageName.parse(image)).withNetworkMode("host");
  }
}
