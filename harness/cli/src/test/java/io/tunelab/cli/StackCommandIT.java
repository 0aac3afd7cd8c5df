package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code stack} commands as a user runs them, against the real embedded tiers. */
class StackCommandIT {
  private static final Duration START = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestRuntime testRuntime;
  private Path runtime;

  @BeforeEach
  void newRuntime() throws Exception {
    testRuntime = new TestRuntime();
    runtime = testRuntime.dir();
  }

  private CliProcess cli;

  private CliProcess cli() {
    if (cli == null) {
      cli = new CliProcess(runtime);
    }
    return cli;
  }

  @AfterEach
  void nothingIsLeftRunning() throws Exception {
    cli().run(START, "stack", "down");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(TierProcesses.under(runtime)).isEmpty());
    testRuntime.close();
  }

  /**
   * One detached stack, shared with the external provider's checks and started after a killed
   * controller's stack (its start then forgets the stale one) to save two stacks' starts: it
   * answers on every tier and prints its credentials only when asked; an experiment runs on it
   * given as {@code --provider external} with the user's own passwords (the database's changed to
   * one tunelab never chose), and neither password reaches any file of the run's folder or its
   * output; a knob that would restart a tier is refused; {@code stack down} stops it.
   */
  @Test
  void afterAKilledControllerADetachedStackAnswersOnEveryTierServesProviderExternalUntilDown()
      throws Exception {
    aKilledControllerLeavesNoTierBehind();
    // the next start forgets the stale stack: the status below holds the new one alone
    CliProcess.Result up = cli().run(START, "stack", "up", "--detach", "--json");
    assertThat(up.exitCode()).as(up.stderr()).isZero();
    JsonNode started = JSON.readTree(up.stdout());
    JsonNode stack = onlyStack(cli().run(START, "stack", "status", "--json", "--show-credentials"));
    JsonNode masked = onlyStack(cli().run(START, "stack", "status", "--json"));
    String generated = stack.at("/credentials/db/password").asText();

    assertThat(masked.at("/credentials/db/password").asText()).isEqualTo("********");
    // made for this stack, and written nowhere but the stack's 0600 credentials file
    assertThat(generated).hasSize(32).isNotEqualTo("tunelab");
    assertThat(up.stdout()).doesNotContain(generated);
    assertThat(customers(stack, "db")).isGreaterThanOrEqualTo(1000);
    // the middleware's own role, shown with --show-credentials, reads what the superuser seeded
    assertThat(stack.at("/credentials/dbApp/user").asText()).isEqualTo("tunelab_app");
    assertThat(customers(stack, "dbApp")).isEqualTo(customers(stack, "db"));
    assertBrokerAnswers(stack.path("broker").asText());
    assertThat(health(stack.path("mocks").path("siebel").asText())).isEqualTo(200);
    assertThat(health(stack.path("mocks").path("brm").asText())).isEqualTo(200);
    assertThat(started.path("startMillis").fieldNames())
        .toIterable()
        .contains("db", "broker", "mocks", "stack");

    JsonNode status = JSON.readTree(cli().run(START, "stack", "status", "--json").stdout());
    assertThat(status).hasSize(1);
    assertThat(status.get(0).path("id").asText()).isEqualTo(started.path("id").asText());
    List<Long> pids = pids(status.get(0));
    assertThat(pids).hasSizeGreaterThanOrEqualTo(3);
    String dbPassword = "db-" + UUID.randomUUID();
    String brokerPassword = "mq-" + UUID.randomUUID();
    changeDatabasePassword(stack, dbPassword);
    Path endpoints = endpointsFile(stack, dbPassword, brokerPassword);

    CliProcess.Result run = anExperimentRunsOnItWithProviderExternal(endpoints);

    assertThat(logsAndRecords(runtime.resolve("stacks")))
        .filteredOn(file -> !file.endsWith("credentials.json"))
        .isNotEmpty()
        .noneMatch(file -> holds(file, generated));
    List<Path> files = files(runtime.resolve("results"));
    assertThat(files).anyMatch(f -> f.endsWith("middleware/middleware.properties"));
    assertThat(files).anyMatch(f -> f.endsWith("middleware/middleware.log"));
    assertThat(files).as("the observer's files").anyMatch(f -> f.endsWith("series.csv"));
    for (String secret : List.of(dbPassword, brokerPassword)) {
      assertThat(files).noneMatch(file -> holds(file, secret));
      assertThat(run.stdout() + run.stderr() + up.stdout() + up.stderr()).doesNotContain(secret);
    }
    aKnobThatRestartsOneOfItsTiersIsRefusedBeforeAnythingStarts(endpoints);
    aTwoTrialTuneTriesTheChangesItsFindingsProposeOnIt(endpoints);
    assertThat(pids).allMatch(TierProcesses::alive);

    CliProcess.Result down = cli().run(START, "stack", "down");

    assertThat(down.exitCode()).isZero();
    assertThat(down.stdout()).contains("stopped stack " + started.path("id").asText());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> pids.stream().noneMatch(TierProcesses::alive));
    assertThat(cli().run(START, "stack", "status").stdout()).contains("no stack is running");
  }

  /** Observed (the observer's database connection takes the user's password too). */
  private CliProcess.Result anExperimentRunsOnItWithProviderExternal(Path endpoints)
      throws Exception {
    Path experiment = runtime.resolve("small.yaml");
    Files.writeString(
        experiment,
        """
        plan: batch-order
        repeat: 1
        workload: {orders: 20, warmupOrders: 0, mix: "1:0:0"}
        knobs: {db.seed.customers: 100, mocks.brm.latency: 10}
        steps: [{name: external}]
        """);
    Path out = runtime.resolve("results");

    CliProcess.Result run =
        runOnExternal(Duration.ofMinutes(3), experiment, endpoints, out, "--json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode result = JSON.readTree(run.stdout());
    assertThat(result.path("status").asText()).isEqualTo("complete");
    assertThat(result.path("valid").asBoolean()).isTrue();
    // a repetition the host disturbed is measured again: 20 orders each
    JsonNode repetitions = result.at("/steps/0/repetitions");
    assertThat(repetitions).isNotEmpty();
    assertThat(repetitions).allMatch(rep -> rep.at("/accounting/completed").asInt() == 20);
    assertThat(result.at("/steps/0/accounting/completed").asInt())
        .isEqualTo(20 * repetitions.size());
    assertThat(result.at("/steps/0/readBack/mocks.brm/latency").asText()).isEqualTo("10");
    // the stack's processes are not this run's, yet found behind its ports: their CPU is the
    // stack's, not noise outside it
    assertThat(repetitions)
        .allSatisfy(
            rep -> {
              assertThat(rep.at("/workCost/cpuMillisPerUnit/db").asDouble()).isPositive();
              assertThat(rep.at("/workCost/cpuMillisPerUnit/broker").asDouble()).isPositive();
            });
    assertThat(TestRuntime.onlyRun(out).resolve("run.json")).isRegularFile();
    return run;
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
    Path path = runtime.resolve("endpoints.json");
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

  private void aKnobThatRestartsOneOfItsTiersIsRefusedBeforeAnythingStarts(Path endpoints)
      throws Exception {
    Path experiment = runtime.resolve("restarts.yaml");
    Files.writeString(
        experiment,
        """
        plan: batch-order
        steps: [{name: a}, {name: nio, knobs: {broker.journal.type: nio}}]
        """);
    Path out = runtime.resolve("refused");

    CliProcess.Result run = runOnExternal(Duration.ofMinutes(1), experiment, endpoints, out);

    assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
    assertThat(run.stderr())
        .contains("--provider external runs on a stack it does not own")
        .contains("broker.journal.type=NIO (step nio, restarts the broker tier)");
    assertThat(out).doesNotExist();
  }

  /**
   * {@code tunelab tune} on the same stack: the start measured alone, then the change its findings
   * proposed first (the unindexed lookups' index, SEQUENTIAL_SCAN) against it in a run of two
   * steps, named with its verdict in tune.md and tune.json beside each run's folder.
   */
  private void aTwoTrialTuneTriesTheChangesItsFindingsProposeOnIt(Path endpoints) throws Exception {
    Path experiment = runtime.resolve("tuned.yaml");
    Files.writeString(
        experiment,
        """
        name: tuned
        plan: batch-order
        repeat: 1
        workload: {orders: 100, warmupOrders: 0, mix: "1:0:0", minMeasuredSeconds: 0,
                   maxStealPercent: 100}
        # one engine thread and no xref index: two findings, each proposing its change; a
        # window of 100 orders holds the 5 samples ENGINE_SATURATED asks for (40 did not always)
        knobs: {db.seed.customers: 100, mocks.brm.latency: 10, middleware.engine.threads: 1}
        steps: [{name: start}]
        """);
    Path out = runtime.resolve("tunes");

    // a bound for a hung tune, not a pace: with four test JVMs at once this tune outran 4 minutes
    CliProcess.Result tune =
        cli()
            .run(
                Duration.ofMinutes(8),
                "tune",
                experiment.toString(),
                "--budget",
                "2",
                "--provider",
                "external",
                "--endpoints",
                endpoints.toString(),
                "--out",
                out.toString());

    assertThat(tune.exitCode()).as(tune.stderr()).isZero();
    Path dir = TestRuntime.onlyRun(out);
    JsonNode json = JSON.readTree(Files.readString(dir.resolve("tune.json")));
    // SEQUENTIAL_SCAN proposes the index, ENGINE_SATURATED a second engine thread
    assertThat(json.path("trials"))
        .extracting(trial -> trial.path("knob").asText() + "=" + trial.path("value").asText())
        .containsExactlyInAnyOrder("db.xrefIndex=on", "middleware.engine.threads=2");
    // one repetition a side: the wiring, not the verdict, is the subject here (and no
    // confirmation run follows changes not kept): 3 runs, not 4, in verify
    assertThat(json.path("trials"))
        .allSatisfy(
            trial ->
                assertThat(trial.path("reason").asText())
                    .isEqualTo("not kept: throughput had too few repetitions to tell"));
    assertThat(json.path("stopped").asText()).isEqualTo("the budget of 2 trials was spent");
    assertThat(json.path("runs")).hasSize(3);
    for (JsonNode run : json.path("runs")) {
      assertThat(dir.resolve(run.asText()).resolve("run.json")).isRegularFile();
    }
    assertThat(dir.resolve("trial-1.yaml")).isRegularFile();
    assertThat(dir.resolve("trial-2.yaml")).isRegularFile();
    assertThat(Files.readString(dir.resolve("tune.md")))
        .contains("`db.xrefIndex=on`")
        .contains("`middleware.engine.threads=2`");
    // the ladder found (the start alone, nothing kept) as run checks it, with nothing started
    InProcessCli validate = new InProcessCli();
    assertThat(
            validate.execute(
                "validate",
                dir.resolve("ladder.yaml").toString(),
                "--out",
                runtime.resolve("ladder-results").toString()))
        .as(validate.err())
        .isZero();
    assertThat(validate.out()).contains("start");
  }

  /** {@code tunelab run EXPERIMENT --provider external --endpoints ENDPOINTS --out OUT ...}. */
  private CliProcess.Result runOnExternal(
      Duration timeout, Path experiment, Path endpoints, Path out, String... more)
      throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                experiment.toString(),
                "--provider",
                "external",
                "--endpoints",
                endpoints.toString(),
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return cli().run(timeout, args.toArray(String[]::new));
  }

  /**
   * A foreground stack whose controller is killed (SIGKILL: no shutdown hook runs) leaves no tier
   * behind: each tier watches its owner, so nothing waits for the next start to stop them.
   */
  private void aKilledControllerLeavesNoTierBehind() throws Exception {
    CliProcess.Running controller = cli().start("stack", "up", "--json");
    JsonNode stack = awaitJson(controller);
    List<Long> pids = pids(statusOf(stack.path("id").asText()));
    assertThat(pids).hasSizeGreaterThanOrEqualTo(3);

    controller.process().destroyForcibly();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> pids.stream().noneMatch(TierProcesses::alive));
  }

  @Test
  void ctrlCStopsEveryTierOfAForegroundStack() throws Exception {
    CliProcess.Running controller = cli().start("stack", "up", "--json");
    try {
      JsonNode stack = awaitJson(controller);
      List<Long> pids = pids(statusOf(stack.path("id").asText()));

      new ProcessBuilder("kill", interrupt(), Long.toString(controller.process().pid()))
          .start()
          .waitFor();

      await().atMost(Duration.ofSeconds(60)).until(() -> !controller.process().isAlive());
      assertThat(pids).noneMatch(TierProcesses::alive);
      assertThat(cli().run(START, "stack", "status").stdout()).contains("no stack is running");
    } finally {
      controller.process().destroyForcibly();
    }
  }

  /**
   * Ctrl-C's SIGINT, unless this JVM was started with SIGINT ignored (a build started in the
   * background by a non-interactive shell): the controller inherits that, so the signal could never
   * reach it; then SIGTERM, which runs the same shutdown hooks.
   */
  private static String interrupt() throws Exception {
    for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("SigIgn:")) {
        long ignored = Long.parseLong(line.substring("SigIgn:".length()).trim(), 16);
        return (ignored & (1L << 1)) != 0 ? "-TERM" : "-INT";
      }
    }
    return "-INT";
  }

  private JsonNode statusOf(String id) throws Exception {
    JsonNode status = JSON.readTree(cli().run(START, "stack", "status", "--json").stdout());
    for (JsonNode stack : status) {
      if (stack.path("id").asText().equals(id)) {
        return stack;
      }
    }
    throw new AssertionError("stack " + id + " not in status: " + status);
  }

  private static String id(CliProcess.Result up) throws Exception {
    return JSON.readTree(up.stdout()).path("id").asText();
  }

  private static JsonNode awaitJson(CliProcess.Running controller) {
    List<JsonNode> parsed = new ArrayList<>();
    await()
        .atMost(START)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              if (!controller.process().isAlive()) {
                throw new AssertionError("stack up ended: " + controller.stderr());
              }
              try {
                JsonNode node = JSON.readTree(controller.stdout());
                if (node != null && node.has("startMillis")) {
                  parsed.add(node);
                  return true;
                }
              } catch (Exception e) {
                // Not all of it written yet.
              }
              return false;
            });
    return parsed.get(0);
  }

  private static List<Long> pids(JsonNode stackStatus) {
    List<Long> pids = new ArrayList<>();
    stackStatus.path("tiers").forEach(tier -> tier.path("pids").forEach(p -> pids.add(p.asLong())));
    return pids;
  }

  private static long customers(JsonNode stack, String login) throws Exception {
    JsonNode db = stack.path("credentials").path(login);
    try (Connection connection =
            DriverManager.getConnection(
                stack.path("db").asText(), db.path("user").asText(), db.path("password").asText());
        ResultSet rows =
            connection.createStatement().executeQuery("SELECT count(*) FROM customer")) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private static void assertBrokerAnswers(String url) throws Exception {
    try (ServerLocator locator = ActiveMQClient.createServerLocator(url);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession()) {
      session.start();
      assertThat(
              session
                  .addressQuery(
                      org.apache.activemq.artemis.api.core.SimpleString.of("tunelab.intake"))
                  .isExists())
          .isTrue();
    }
  }

  private static int health(String baseUrl) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/__admin/health")).build(),
                HttpResponse.BodyHandlers.ofString());
    return response.statusCode();
  }
}
