package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.tiers.Ports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * containers/compose.yml as a user runs it (docker-compose 1.29 or compose v2; tunelab's own images
 * on the host's network, each on a free port of 127.0.0.1 here), then a run on it with {@code
 * --provider external}: every order accounted for, the container's PostgreSQL answering with the
 * compose file's settings, the middleware beside it on the step's heap, and the observer finding
 * the containers' processes and statements. Needs a Docker engine (.ci/run starts one where it
 * may), a compose command and the built images (ContainerImagesIT builds them earlier in a verify,
 * or {@code containers/build-images.sh}): skipped, naming what is missing, where one is.
 */
class ComposeIT {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aRunOnTheComposedStackAccountsForEveryOrderAndMeasuresEveryTier() throws Exception {
    List<String> compose = composeCommand();
    assumeTrue(compose != null, "neither docker-compose nor docker compose is installed");
    assumeAnEngineWithTheBuiltImages();
    try (TestRuntime runtime = new TestRuntime()) {
      Map<String, Integer> ports = new LinkedHashMap<>();
      for (String tier : List.of("DB", "BROKER", "SIEBEL", "BRM", "DRIVER")) {
        ports.put("TUNELAB_" + tier + "_PORT", Ports.free());
      }
      List<String> project = new ArrayList<>(compose);
      project.addAll(
          List.of(
              "-p",
              "tunelab-it-" + ProcessHandle.current().pid(),
              "--project-directory",
              HOME.toString(),
              "-f",
              HOME.resolve("containers/compose.yml").toString()));
      try {
        assertThat(exec(with(project, "up", "-d"), ports)).isZero();
        List<String> ids = lines(with(project, "ps", "-q"), ports);
        assertThat(ids).hasSize(3);
        await()
            .atMost(Duration.ofMinutes(2))
            .pollInterval(Duration.ofSeconds(1))
            .until(() -> ids.stream().allMatch(ComposeIT::healthy));

        Path endpoints = runtime.dir().resolve("endpoints.json");
        Files.writeString(endpoints, endpoints(ports));
        String db = "jdbc:postgresql://127.0.0.1:" + ports.get("TUNELAB_DB_PORT") + "/tunelab";
        assertThat(show(db, "shared_preload_libraries")).isEqualTo("pg_stat_statements");
        assertThat(show(db, "listen_addresses")).isEqualTo("127.0.0.1");

        Path experiment = runtime.dir().resolve("composed.yaml");
        Files.writeString(
            experiment,
            """
            plan: batch-order
            repeat: 1
            workload: {orders: 40, warmupOrders: 0, mix: "1:0:0", minMeasuredSeconds: 0,
                       maxStealPercent: 100}
            knobs: {db.seed.customers: 100, mocks.brm.latency: 10, db.analyze: on,
                    middleware.jvm.heapMegabytes: 192}
            steps: [{name: composed}]
            """);
        Path out = runtime.dir().resolve("results");
        CliProcess.Result result =
            new CliProcess(runtime.dir())
                .run(
                    Duration.ofMinutes(5),
                    "run",
                    experiment.toString(),
                    "--provider",
                    "external",
                    "--endpoints",
                    endpoints.toString(),
                    "--out",
                    out.toString());
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        JsonNode run =
            JSON.readTree(Files.readString(TestRuntime.onlyRun(out).resolve("run.json")));
        assertThat(run.at("/environment/stack").asText()).isEqualTo("external");
        JsonNode step = run.path("steps").path(0);
        // the middleware beside the composed stack runs with the step's heap, read from its JVM
        assertThat(step.at("/readBack/middleware.inputArguments"))
            .extracting(JsonNode::asText)
            .contains("-Xmx192m");
        JsonNode repetition = step.path("repetitions").path(0);
        assertThat(repetition.path("valid").asBoolean()).as(result.stderr()).isTrue();
        assertThat(repetition.path("accounting").path("completed").asInt()).isEqualTo(40);
        JsonNode cost = repetition.path("workCost");
        assertThat(cost.path("statementsPerUnit").asDouble()).isPositive();
        assertThat(cost.path("cpuMillisPerUnit").path("db").asDouble()).isPositive();
        assertThat(cost.path("cpuMillisPerUnit").path("broker").asDouble()).isPositive();
      } finally {
        exec(with(project, "down", "-v"), ports);
      }
    }
  }

  private static List<String> composeCommand() {
    if (succeeds(List.of("docker-compose", "version"))) {
      return List.of("docker-compose");
    }
    if (succeeds(List.of("docker", "compose", "version"))) {
      return List.of("docker", "compose");
    }
    return null;
  }

  /** Skips, naming what is missing, unless an engine answers and has tunelab's built images. */
  static void assumeAnEngineWithTheBuiltImages() throws IOException {
    assumeTrue(succeeds(List.of("docker", "info")), "no Docker engine answers");
    for (String image : builtImages()) {
      assumeTrue(
          succeeds(List.of("docker", "image", "inspect", image)),
          image + " is not built: containers/build-images.sh");
    }
  }

  /** The images containers/compose.yml runs, as .env pins them. */
  private static List<String> builtImages() throws IOException {
    List<String> images = new ArrayList<>();
    for (String line : Files.readAllLines(HOME.resolve(".env"))) {
      if (line.matches("TUNELAB_(DB|BROKER|MOCKS)_BUILT=.+")) {
        images.add(line.substring(line.indexOf('=') + 1).strip());
      }
    }
    return images;
  }

  private static boolean healthy(String container) {
    try {
      return lines(
              List.of("docker", "inspect", "--format", "{{.State.Health.Status}}", container),
              Map.of())
          .equals(List.of("healthy"));
    } catch (IOException e) {
      return false;
    }
  }

  private static String endpoints(Map<String, Integer> ports) {
    return """
        {
          "db": "jdbc:postgresql://127.0.0.1:%d/tunelab",
          "broker": "tcp://127.0.0.1:%d",
          "mocks": {"siebel": "http://127.0.0.1:%d", "brm": "http://127.0.0.1:%d",
                    "driver": "http://127.0.0.1:%d"},
          "credentials": {"db": {"user": "tunelab", "password": "tunelab"},
                          "broker": {"user": "", "password": ""}}
        }
        """
        .formatted(
            ports.get("TUNELAB_DB_PORT"),
            ports.get("TUNELAB_BROKER_PORT"),
            ports.get("TUNELAB_SIEBEL_PORT"),
            ports.get("TUNELAB_BRM_PORT"),
            ports.get("TUNELAB_DRIVER_PORT"));
  }

  private static String show(String url, String setting) throws Exception {
    try (Connection connection = DriverManager.getConnection(url, "tunelab", "tunelab");
        ResultSet row = connection.createStatement().executeQuery("SHOW " + setting)) {
      row.next();
      return row.getString(1);
    }
  }

  private static List<String> with(List<String> command, String... more) {
    List<String> all = new ArrayList<>(command);
    all.addAll(List.of(more));
    return all;
  }

  private static boolean succeeds(List<String> command) {
    try {
      return exec(command, Map.of()) == 0;
    } catch (IOException e) {
      return false;
    }
  }

  private static int exec(List<String> command, Map<String, Integer> env) throws IOException {
    return ran(command, env).exit();
  }

  private static List<String> lines(List<String> command, Map<String, Integer> env)
      throws IOException {
    return ran(command, env).out().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  /** A command's exit status and its output, stdout and stderr together. */
  private record Ran(int exit, String out) {}

  /** Runs a command to its end, at most three minutes. */
  private static Ran ran(List<String> command, Map<String, Integer> env) throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(HOME.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    env.forEach((name, value) -> builder.environment().put(name, Integer.toString(value)));
    Process process = builder.start();
    try {
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(3, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IOException(String.join(" ", command) + " did not end in 3 minutes");
      }
      return new Ran(process.exitValue(), out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException(e);
    }
  }
}
