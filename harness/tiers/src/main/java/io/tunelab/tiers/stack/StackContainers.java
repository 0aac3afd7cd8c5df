package io.tunelab.tiers.stack;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.tunelab.core.BadInputException;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * One container definition per tier, from the official images, configured like the embedded tiers
 * and like {@code docker-compose.yml}.
 */
final class StackContainers {
  static final int POSTGRES_PORT = 5432;
  static final int ARTEMIS_PORT = 61616;
  static final int WIREMOCK_PORT = 8080;
  private static final Duration STARTUP = Duration.ofMinutes(3);

  private final TunelabHome home;
  private final ContainerImages images;

  StackContainers(TunelabHome home, ContainerImages images) {
    this.home = home;
    this.images = images;
  }

  /**
   * Publishes {@code port} on 127.0.0.1 of the Docker host only (a free port there), as
   * docker-compose.yml does: Testcontainers would otherwise publish it on every interface.
   */
  static Consumer<CreateContainerCmd> onLoopbackOnly(int port) {
    return cmd -> {
      HostConfig host = cmd.getHostConfig() != null ? cmd.getHostConfig() : new HostConfig();
      cmd.withHostConfig(
          host.withPortBindings(
              new PortBinding(
                  Ports.Binding.bindIp(io.tunelab.tiers.Ports.LOOPBACK), ExposedPort.tcp(port))));
    };
  }

  /** {@code postgres} with the stack's server settings, as either kind of image takes it. */
  static String[] postgresCommand(DbConfig db) {
    List<String> command = new ArrayList<>(List.of("postgres"));
    db.serverSettings()
        .forEach(
            (name, value) -> {
              command.add("-c");
              command.add(name + "=" + value);
            });
    return command.toArray(String[]::new);
  }

  GenericContainer<?> postgres(DbConfig db, String password) {
    return new GenericContainer<>(DockerImageName.parse(images.postgres()))
        .withEnv(
            Map.of(
                "POSTGRES_USER",
                "tunelab",
                "POSTGRES_PASSWORD",
                password,
                "POSTGRES_DB",
                "tunelab"))
        .withCommand(postgresCommand(db))
        .withExposedPorts(POSTGRES_PORT)
        .withCreateContainerCmdModifier(onLoopbackOnly(POSTGRES_PORT))
        .waitingFor(
            Wait.forLogMessage(".*database system is ready to accept connections.*", 2)
                .withStartupTimeout(STARTUP));
  }

  /**
   * What the Artemis image's start script appends to its JVM's arguments ({@code JAVA_ARGS_APPEND},
   * after the image's own {@code -Xms512M -Xmx2G}, so ours win): broker.xml's placeholders as -D
   * flags, then the broker tier's JVM flags (its heap knob, its free flags).
   */
  static String brokerJavaArgs(Map<String, String> brokerProperties, List<String> jvmFlags) {
    List<String> args = new ArrayList<>();
    brokerProperties.forEach((k, v) -> args.add("-D" + k + "=" + v));
    args.addAll(jvmFlags);
    return String.join(" ", args);
  }

  /** Artemis with our broker.xml in the image's etc-override/, its placeholders as -D flags. */
  GenericContainer<?> artemis(Map<String, String> brokerProperties, List<String> jvmFlags) {
    Path brokerXml = home.root().resolve("harness/broker/config/broker.xml");
    return new GenericContainer<>(DockerImageName.parse(images.artemis()))
        .withCopyFileToContainer(
            MountableFile.forHostPath(brokerXml),
            "/var/lib/artemis-instance/etc-override/broker.xml")
        .withEnv("JAVA_ARGS_APPEND", brokerJavaArgs(brokerProperties, jvmFlags))
        .withExposedPorts(ARTEMIS_PORT)
        .withCreateContainerCmdModifier(onLoopbackOnly(ARTEMIS_PORT))
        .waitingFor(Wait.forLogMessage(".*AMQ221007.*", 1).withStartupTimeout(STARTUP));
  }

  /** WireMock serving mocks/{backend} with the tunelab extension jar. */
  GenericContainer<?> wiremock(String backend, MocksConfig mocks) {
    Path extension = home.root().resolve("harness/mocks/target/dist/tunelab-mocks.jar");
    if (!Files.isRegularFile(extension)) {
      throw new BadInputException(
          extension + " is missing: build it with ./mvnw -DskipTests package");
    }
    return new GenericContainer<>(DockerImageName.parse(images.wiremock()))
        .withCopyFileToContainer(
            MountableFile.forHostPath(home.mocks().resolve(backend)), "/home/wiremock")
        .withCopyFileToContainer(
            MountableFile.forHostPath(extension), "/var/wiremock/extensions/tunelab-mocks.jar")
        // the image's entry point runs java $JAVA_OPTS: the mocks tier's heap knob reaches it
        .withEnv("JAVA_OPTS", String.join(" ", mocks.jvmFlags()))
        .withCommand(
            "--port",
            Integer.toString(WIREMOCK_PORT),
            "--container-threads",
            Integer.toString(mocks.containerThreads()),
            "--async-response-enabled",
            Boolean.toString(mocks.asyncResponses()),
            "--async-response-threads",
            "10",
            "--no-request-journal",
            "--disable-request-logging")
        .withExposedPorts(WIREMOCK_PORT)
        .withCreateContainerCmdModifier(onLoopbackOnly(WIREMOCK_PORT))
        .waitingFor(Wait.forHttp("/__admin/health").withStartupTimeout(STARTUP));
  }
}
