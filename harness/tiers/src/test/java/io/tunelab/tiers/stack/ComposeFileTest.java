package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
    assertThat(env.values())
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
  void everyPortIsOnLoopbackAndNamedByComposeEndpoints() {
    Endpoints endpoints = EndpointsSource.fromFile(HOME.resolve("compose-endpoints.json"));

    assertThat(published("db")).isEqualTo(port(endpoints.db().substring("jdbc:".length())));
    assertThat(published("broker")).isEqualTo(port(endpoints.broker()));
    assertThat(published("siebel")).isEqualTo(port(endpoints.siebel()));
    assertThat(published("brm")).isEqualTo(port(endpoints.brm()));
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

  private static JsonNode readYaml(Path file) {
    try {
      return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }
}
