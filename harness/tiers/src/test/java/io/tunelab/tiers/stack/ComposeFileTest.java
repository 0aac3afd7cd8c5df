package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.db.DbConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml cannot run here (no Docker engine), so this holds it to the embedded stack:
 * same images as .env pins, same server settings, same broker.xml and mocks, loopback ports that
 * compose-endpoints.json names.
 */
class ComposeFileTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));
  private final JsonNode compose = readYaml(HOME.resolve("docker-compose.yml"));

  @Test
  void imagesAreTheOnesPinnedInDotEnv() {
    Map<String, String> env = ContainerImages.read(HOME.resolve(".env"));
    ContainerImages images = ContainerImages.fromEnvFile(HOME.resolve(".env"));

    assertThat(service("db").path("image").asText()).isEqualTo("${POSTGRES_IMAGE}");
    assertThat(service("broker").path("image").asText()).isEqualTo("${ARTEMIS_IMAGE}");
    assertThat(service("siebel").path("image").asText()).isEqualTo("${WIREMOCK_IMAGE}");
    assertThat(
            env.entrySet().stream()
                .filter(e -> e.getKey().endsWith("_IMAGE"))
                .map(Map.Entry::getValue)
                .toList())
        .containsExactly(images.postgres(), images.artemis(), images.wiremock());
    assertThat(images.wiremock()).endsWith(":3.13.2");
    assertThat(images.artemis()).endsWith(":2.56.0");
  }

  @Test
  void databaseRunsTheEmbeddedDefaultSettings() {
    List<String> command = texts(service("db").path("command"));
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = 1; i + 1 < command.size(); i += 2) {
      assertThat(command.get(i)).isEqualTo("-c");
      String[] pair = command.get(i + 1).split("=", 2);
      settings.put(pair[0], pair[1]);
    }

    assertThat(command.get(0)).isEqualTo("postgres");
    assertThat(settings).isEqualTo(DbConfig.DEFAULT_SETTINGS);
  }

  /**
   * containers/compose.yml (tunelab's own images on the host's network) runs the same server
   * settings, every service on the host's network with a health check, on the ports
   * compose-endpoints.json names by default.
   */
  @Test
  void theHostNetworkFileRunsTheSameSettingsOnTheEndpointsPorts() {
    JsonNode host = readYaml(HOME.resolve("containers/compose.yml")).path("services");
    assertThat(texts(host.path("db").path("command")))
        .isEqualTo(texts(service("db").path("command")));
    assertThat(host.fieldNames()).toIterable().containsExactly("db", "broker", "mocks");
    host.forEach(
        service -> {
          assertThat(service.path("network_mode").asText()).isEqualTo("host");
          assertThat(service.path("healthcheck").path("test").isMissingNode()).isFalse();
        });
    JsonNode endpoints = readJson(HOME.resolve("compose-endpoints.json"));
    assertThat(host.path("db").path("environment").path("PGPORT").asText())
        .isEqualTo("${TUNELAB_DB_PORT:-" + port(endpoints.path("db").asText().substring(5)) + "}");
    assertThat(host.path("broker").path("environment").path("BROKER_PORT").asText())
        .isEqualTo("${TUNELAB_BROKER_PORT:-" + port(endpoints.path("broker").asText()) + "}");
    for (String mock : List.of("siebel", "brm", "driver")) {
      assertThat(
              host.path("mocks")
                  .path("environment")
                  .path(mock.toUpperCase(java.util.Locale.ROOT) + "_PORT")
                  .asText())
          .isEqualTo(
              "${TUNELAB_"
                  + mock.toUpperCase(java.util.Locale.ROOT)
                  + "_PORT:-"
                  + port(endpoints.path("mocks").path(mock).asText())
                  + "}");
    }
  }

  @Test
  void brokerAndMocksMountTheCheckoutsOwnConfiguration() {
    assertThat(texts(service("broker").path("volumes")))
        .containsExactly(
            "./harness/broker/config/broker.xml:/var/lib/artemis-instance/etc-override/broker.xml:ro");
    for (String backend : List.of("siebel", "brm")) {
      assertThat(texts(service(backend).path("volumes")))
          .contains("./mocks/" + backend + ":/home/wiremock:ro");
      assertThat(HOME.resolve("mocks").resolve(backend).resolve("mappings")).isDirectory();
    }
    assertThat(HOME.resolve("harness/broker/config/broker.xml")).isRegularFile();
  }

  @Test
  void everyServiceHasAHealthCheckOverItsOwnProtocol() {
    List<String> services = new java.util.ArrayList<>();
    compose.path("services").fieldNames().forEachRemaining(services::add);

    assertThat(services).containsExactly("db", "broker", "siebel", "brm", "driver");
    for (String name : services) {
      List<String> test = texts(service(name).path("healthcheck").path("test"));
      assertThat(test).as(name + " health check").hasSizeGreaterThan(1);
      assertThat(service(name).path("healthcheck").path("retries").asInt()).isPositive();
    }
    assertThat(texts(service("db").path("healthcheck").path("test")).get(1))
        .startsWith("pg_isready -U tunelab -d tunelab");
    // a core-protocol session that answers whether the node is up, as the broker tier's readiness
    assertThat(texts(service("broker").path("healthcheck").path("test")))
        .containsSequence("/var/lib/artemis-instance/bin/artemis", "check", "node", "--up")
        .contains("tcp://localhost:61616");
    for (String backend : List.of("siebel", "brm", "driver")) {
      assertThat(texts(service(backend).path("command"))).contains("--port=8080");
      assertThat(texts(service(backend).path("healthcheck").path("test")))
          .contains("http://localhost:8080/__admin/health");
    }
  }

  @Test
  void theBrokersAndTheMocksHeapsAreTheKnobsDefaults() {
    Map<String, String> env = ContainerImages.read(HOME.resolve(".env"));
    StackConfig defaults = StackConfig.from(io.tunelab.core.knobs.KnobSet.defaults());

    assertThat(heapFlags(service("broker").path("environment").path("JAVA_ARGS_APPEND"), env))
        .isEqualTo(defaults.broker().jvmFlags());
    for (String backend : List.of("siebel", "brm", "driver")) {
      assertThat(heapFlags(service(backend).path("environment").path("JAVA_OPTS"), env))
          .isEqualTo(defaults.mocks().jvmFlags());
    }
  }

  @Test
  void theTestcontainersBrokerGetsItsHeapAfterTheImagesOwn() {
    assertThat(
            StackContainers.brokerJavaArgs(
                new LinkedHashMap<>(Map.of("tunelab.broker.port", "61616")),
                List.of("-Xms256m", "-Xmx2048m")))
        .isEqualTo("-Dtunelab.broker.port=61616 -Xms256m -Xmx2048m");
  }

  /** The -Xms and -Xmx flags of a JVM options text, .env's variables filled in. */
  private static List<String> heapFlags(JsonNode text, Map<String, String> env) {
    String filled = text.asText();
    for (Map.Entry<String, String> e : env.entrySet()) {
      filled = filled.replace("${" + e.getKey() + "}", e.getValue());
    }
    assertThat(filled).doesNotContain("${");
    return java.util.Arrays.stream(filled.split("\\s+"))
        .filter(f -> f.startsWith("-Xms") || f.startsWith("-Xmx"))
        .toList();
  }

  @Test
  void thePostgresqlMajorVersionsInUseAreTheOnesTheReadmeNames() throws IOException {
    String readme = Files.readString(HOME.resolve("README.md"));
    String image = ContainerImages.fromEnvFile(HOME.resolve(".env")).postgres();
    String imageMajor = image.replaceAll(".*:(\\d+).*", "$1");
    String pom = Files.readString(HOME.resolve("pom.xml"));
    String zonkyMajor = pom.replaceAll("(?s).*<zonky.binaries.version>(\\d+)\\..*", "$1");

    assertThat(readme)
        .contains("### PostgreSQL versions")
        .contains("| docker compose, testcontainers | " + imageMajor + " |")
        .contains("| zonky fallback (no system PostgreSQL) | " + zonkyMajor + " |");
  }

  @Test
  void everyPortIsOnLoopbackAndNamedByComposeEndpoints() {
    Endpoints endpoints = EndpointsSource.fromFile(HOME.resolve("compose-endpoints.json"));

    assertThat(published("db")).isEqualTo(port(endpoints.db().substring("jdbc:".length())));
    assertThat(published("broker")).isEqualTo(port(endpoints.broker()));
    assertThat(published("siebel")).isEqualTo(port(Backend.SIEBEL.url(endpoints)));
    assertThat(published("brm")).isEqualTo(port(Backend.BRM.url(endpoints)));
    assertThat(published("driver")).isEqualTo(port(Backend.DRIVER.url(endpoints)));
  }

  private int published(String service) {
    List<String> ports = texts(service(service).path("ports"));
    assertThat(ports).hasSize(1);
    assertThat(ports.get(0)).startsWith("127.0.0.1:");
    return Integer.parseInt(ports.get(0).split(":")[1]);
  }

  private static int port(String url) {
    return java.net.URI.create(url).getPort();
  }

  private JsonNode service(String name) {
    JsonNode service = compose.path("services").path(name);
    assertThat(service.isMissingNode()).as("service " + name).isFalse();
    return service;
  }

  private static List<String> texts(JsonNode array) {
    return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
  }

  private static JsonNode readJson(Path file) {
    try {
      return new ObjectMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }

  private static JsonNode readYaml(Path file) {
    try {
      return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }
}
