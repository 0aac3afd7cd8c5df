package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run on a stack given as {@code --provider external}, with the user's own passwords, writes
 * neither of them to any file of its run folder (the middleware's settings file, logs, raw data,
 * run.json) nor to what it prints; the stack's commands print them only when asked.
 */
class NoSecretInResultsIT {
  private static final Duration START = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestRuntime runtime;
  private CliProcess cli;

  @BeforeEach
  void newRuntime() throws Exception {
    runtime = new TestRuntime();
    cli = new CliProcess(runtime.dir());
  }

  @AfterEach
  void nothingIsLeftRunning() throws Exception {
    cli.run(START, "stack", "down");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(TierProcesses.under(runtime.dir())).isEmpty());
    runtime.close();
  }

  @Test
  void aRunWritesNeitherTheDatabaseNorTheBrokerPasswordToAnyFileOrOutput() throws Exception {
    CliProcess.Result up = cli.run(START, "stack", "up", "--detach", "--json");
    assertThat(up.exitCode()).as(up.stderr()).isZero();
    JsonNode shown = onlyStack(cli.run(START, "stack", "status", "--json", "--show-credentials"));
    JsonNode masked = onlyStack(cli.run(START, "stack", "status", "--json"));
    String generated = shown.at("/credentials/db/password").asText();
    String dbPassword = "db-" + UUID.randomUUID();
    String brokerPassword = "mq-" + UUID.randomUUID();
    changeDatabasePassword(shown, dbPassword);
    Path endpoints = endpointsFile(shown, dbPassword, brokerPassword);

    CliProcess.Result run = smallRun(endpoints);

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(masked.at("/credentials/db/password").asText()).isEqualTo("********");
    // made for this stack, and written nowhere but the stack's 0600 credentials file
    assertThat(generated).hasSize(32).isNotEqualTo("tunelab");
    assertThat(up.stdout()).doesNotContain(generated);
    assertThat(logsAndRecords(runtime.dir().resolve("stacks")))
        .filteredOn(file -> !file.endsWith("credentials.json"))
        .isNotEmpty()
        .noneMatch(file -> holds(file, generated));
    List<Path> files = files(runtime.dir().resolve("results"));
    assertThat(files).anyMatch(f -> f.endsWith("middleware/middleware.properties"));
    assertThat(files).anyMatch(f -> f.endsWith("middleware/middleware.log"));
    for (String secret : List.of(dbPassword, brokerPassword)) {
      assertThat(files).noneMatch(file -> holds(file, secret));
      assertThat(run.stdout() + run.stderr() + up.stdout() + up.stderr()).doesNotContain(secret);
    }
  }

  private CliProcess.Result smallRun(Path endpoints) throws Exception {
    Path experiment = runtime.dir().resolve("small.yaml");
    Files.writeString(
        experiment,
        """
        plan: batch-order
        repeat: 1
        workload: {orders: 20, warmupOrders: 0, mix: "1:0:0"}
        knobs: {db.seed.customers: 100, mocks.brm.latency: 10}
        steps: [{name: secrets}]
        """);
    return cli.run(
        Duration.ofMinutes(3),
        "run",
        experiment.toString(),
        "--provider",
        "external",
        "--endpoints",
        endpoints.toString(),
        "--out",
        runtime.dir().resolve("results").toString());
  }

  /** The user's database password is one tunelab never chose. */
  private static void changeDatabasePassword(JsonNode stack, String password) throws Exception {
    JsonNode db = stack.at("/credentials/db");
    try (Connection connection =
            DriverManager.getConnection(
                stack.path("db").asText(), db.path("user").asText(), db.path("password").asText());
        Statement statement = connection.createStatement()) {
      statement.execute("ALTER USER " + db.path("user").asText() + " PASSWORD '" + password + "'");
    }
  }

  private Path endpointsFile(JsonNode stack, String dbPassword, String brokerPassword)
      throws IOException {
    ObjectNode file = JSON.createObjectNode();
    file.put("db", stack.path("db").asText());
    file.put("broker", stack.path("broker").asText());
    file.set("mocks", stack.path("mocks"));
    ObjectNode credentials = file.putObject("credentials");
    credentials
        .putObject("db")
        .put("user", stack.at("/credentials/db/user").asText())
        .put("password", dbPassword);
    // tunelab's broker accepts any login while its security is off
    credentials.putObject("broker").put("user", "tunelab").put("password", brokerPassword);
    Path path = runtime.dir().resolve("endpoints.json");
    Files.writeString(path, JSON.writeValueAsString(file));
    return path;
  }

  private static JsonNode onlyStack(CliProcess.Result status) throws IOException {
    assertThat(status.exitCode()).as(status.stderr()).isZero();
    JsonNode stacks = JSON.readTree(status.stdout());
    assertThat(stacks).hasSize(1);
    return stacks.get(0).path("endpoints");
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return new ArrayList<>(walk.filter(Files::isRegularFile).toList());
    }
  }

  /** A stack's files but its tiers' data folders, which the running servers keep rewriting. */
  private static List<Path> logsAndRecords(Path stacks) throws IOException {
    List<Path> found = new ArrayList<>();
    Files.walkFileTree(
        stacks,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            return dir.getFileName().toString().equals("data")
                ? FileVisitResult.SKIP_SUBTREE
                : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (attributes.isRegularFile()) {
              found.add(file);
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return found;
  }

  private static boolean holds(Path file, String secret) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(secret);
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }
}
