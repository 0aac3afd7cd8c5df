package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointsSourceTest {
  @TempDir Path dir;

  private static final String STACK_UP_JSON =
      """
      {
        "id" : "20261122-101010-abcd",
        "provider" : "embedded",
        "db" : "jdbc:postgresql://127.0.0.1:5433/tunelab",
        "broker" : "tcp://127.0.0.1:61617",
        "mocks" : { "siebel" : "http://127.0.0.1:8081", "brm" : "http://127.0.0.1:8082" },
        "credentials" : {
          "db" : { "user" : "app", "password" : "secret" },
          "broker" : { "user" : "", "password" : "" }
        },
        "startMillis" : { "db" : 900, "stack" : 4000 },
        "logs" : { "db" : "/tmp/db.log" }
      }
      """;

  private Path write(String content) throws IOException {
    Path file = dir.resolve("endpoints.json");
    Files.writeString(file, content);
    return file;
  }

  @Test
  void readsWhatStackUpJsonPrints() throws IOException {
    Endpoints endpoints = EndpointsSource.fromFile(write(STACK_UP_JSON));

    assertThat(endpoints.db()).isEqualTo("jdbc:postgresql://127.0.0.1:5433/tunelab");
    assertThat(endpoints.dbUser()).isEqualTo("app");
    assertThat(endpoints.dbPassword()).isEqualTo("secret");
    assertThat(endpoints.broker()).isEqualTo("tcp://127.0.0.1:61617");
    assertThat(Backend.SIEBEL.url(endpoints)).isEqualTo("http://127.0.0.1:8081");
    assertThat(Backend.BRM.url(endpoints)).isEqualTo("http://127.0.0.1:8082");
  }

  @Test
  void readsYamlToo() throws IOException {
    Endpoints endpoints =
        EndpointsSource.fromFile(
            write(
                """
                db: jdbc:postgresql://db.example:5432/tunelab
                broker: tcp://mq.example:61616
                mocks: {siebel: "http://mocks:8080", brm: "http://mocks:8090"}
                """));

    assertThat(endpoints.dbUser()).isEqualTo("tunelab");
    assertThat(Backend.BRM.url(endpoints)).isEqualTo("http://mocks:8090");
  }

  @Test
  void rejectsMalformedFileNamingLineAndColumn() throws IOException {
    Path file = write("{\"db\": \"jdbc:postgresql://x/tunelab\", ");

    assertThatThrownBy(() -> EndpointsSource.fromFile(file))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("line");
  }

  @Test
  void rejectsUnknownFieldListingTheAllowedOnes() throws IOException {
    Path file = write(STACK_UP_JSON.replace("\"broker\" :", "\"brokr\" :"));

    assertThatThrownBy(() -> EndpointsSource.fromFile(file))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("unknown field 'brokr'")
        .hasMessageContaining("broker");
  }

  @Test
  void rejectsAMockNamingNoBackEndListingTheBackEnds() throws IOException {
    Path file = write(STACK_UP_JSON.replace("\"brm\" :", "\"bmr\" :"));

    assertThatThrownBy(() -> EndpointsSource.fromFile(file))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("unknown field 'bmr' at 'mocks.bmr'; allowed: [siebel, brm, driver]");
  }

  @Test
  void writesAndReadsEveryBackEndsUrlUnderItsLabel() throws IOException {
    Endpoints endpoints = EndpointsSource.fromFile(write(STACK_UP_JSON));
    ObjectMapper json = new ObjectMapper();

    String written =
        json.writeValueAsString(
            StackDescription.of("s", "embedded", endpoints, Map.of(), Map.of()));
    StackDescription read = json.readValue(written, StackDescription.class);

    for (Backend backend : Backend.values()) {
      if (endpoints.serves(backend)) {
        assertThat(json.readTree(written).at("/mocks/" + backend.label()).asText())
            .isEqualTo(backend.url(endpoints));
        assertThat(read.mocks().url(backend)).isEqualTo(backend.url(endpoints));
      } else {
        assertThat(json.readTree(written).path("mocks").has(backend.label())).isFalse();
      }
    }
    assertThat(read.mocks().unknown()).isEmpty();
  }

  @Test
  void rejectsMissingMocks() throws IOException {
    Path file = write("{\"db\": \"jdbc:postgresql://x/tunelab\", \"broker\": \"tcp://x:1\"}");

    assertThatThrownBy(() -> EndpointsSource.fromFile(file))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("missing 'mocks'");
  }

  @Test
  void rejectsWrongUrlScheme() throws IOException {
    Path file = write(STACK_UP_JSON.replace("tcp://127.0.0.1:61617", "http://127.0.0.1:61617"));

    assertThatThrownBy(() -> EndpointsSource.fromFile(file))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broker must start with tcp://");
  }

  @Test
  void rejectsMissingFileWithTheFix() {
    assertThatThrownBy(() -> EndpointsSource.fromFile(dir.resolve("nope.json")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("does not exist")
        .hasMessageContaining("stack up --json");
  }

  @Test
  void readsEnvironmentAndNamesTheMissingVariable() {
    Map<String, String> env =
        Map.of(
            "TUNELAB_DB_URL", "jdbc:postgresql://h:5432/tunelab",
            "TUNELAB_BROKER_URL", "tcp://h:61616",
            "TUNELAB_SIEBEL_URL", "http://h:1");

    assertThatThrownBy(() -> EndpointsSource.fromEnvironment(env))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("TUNELAB_BRM_URL");
  }

  @Test
  void aMaskedPasswordIsTakenFromTheEnvironment() throws IOException {
    Path file = write(STACK_UP_JSON.replace("\"secret\"", "\"********\""));

    Endpoints endpoints =
        EndpointsSource.fromFile(file, Map.of(EndpointsSource.ENV_DB_PASSWORD, "from-env"));

    assertThat(endpoints.dbPassword()).isEqualTo("from-env");
  }

  @Test
  void aMaskedPasswordWithoutItsVariableIsBadInputNamingBothFixes() throws IOException {
    Path file = write(STACK_UP_JSON.replace("\"secret\"", "\"********\""));

    assertThatThrownBy(() -> EndpointsSource.fromFile(file, Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("password of user 'app' is masked")
        .hasMessageContaining("TUNELAB_DB_PASSWORD")
        .hasMessageContaining("--show-credentials");
  }

  @Test
  void withoutDbAppTheMiddlewareConnectsAsTheDbUser() throws IOException {
    Endpoints endpoints = EndpointsSource.fromFile(write(STACK_UP_JSON));

    assertThat(endpoints.hasDbAppUser()).isFalse();
    assertThat(endpoints.middlewareDbUser()).isEqualTo("app");
    assertThat(endpoints.middlewareDbPassword()).isEqualTo("secret");
  }

  @Test
  void dbAppIsTheMiddlewaresLoginItsMaskedPasswordFromTheEnvironment() throws IOException {
    Path file =
        write(
            STACK_UP_JSON.replace(
                "\"broker\" : { \"user\" : \"\", \"password\" : \"\" }",
                "\"broker\" : { \"user\" : \"\", \"password\" : \"\" },"
                    + " \"dbApp\" : { \"user\" : \"shop\", \"password\" : \"********\" }"));

    Endpoints endpoints =
        EndpointsSource.fromFile(file, Map.of(EndpointsSource.ENV_DB_APP_PASSWORD, "app-secret"));

    assertThat(endpoints.dbUser()).isEqualTo("app");
    assertThat(endpoints.middlewareDbUser()).isEqualTo("shop");
    assertThat(endpoints.middlewareDbPassword()).isEqualTo("app-secret");
    assertThat(endpoints.toString()).doesNotContain("app-secret").doesNotContain("secret,");
    assertThat(
            StackDescription.of("s", "external", endpoints, Map.of(), Map.of())
                .withPasswordsMasked()
                .credentials()
                .dbApp())
        .isEqualTo(new StackDescription.Login("shop", Endpoints.MASK));
  }

  @Test
  void aDbAppWithoutAUserIsBadInput() throws IOException {
    Path file =
        write(
            STACK_UP_JSON.replace(
                "\"broker\" : { \"user\" : \"\", \"password\" : \"\" }",
                "\"broker\" : { \"user\" : \"\", \"password\" : \"\" },"
                    + " \"dbApp\" : { \"password\" : \"x\" }"));

    assertThatThrownBy(() -> EndpointsSource.fromFile(file, Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("credentials.dbApp has no user");
  }
}
