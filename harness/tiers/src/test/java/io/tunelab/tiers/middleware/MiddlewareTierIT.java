package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.stack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The middleware tier against a real stack: knobs read back from the middleware's own status. */
class MiddlewareTierIT {
  private static final Path LOGS = Path.of("target/middleware-it");

  private static Stack stack;

  @BeforeAll
  static void startStack() {
    stack = TestStack.start();
    // the middleware reads its tables at start (e.g. deliveries left unprocessed by a crash)
    new Database(stack.endpoints().db(), stack.endpoints().dbUser(), stack.endpoints().dbPassword())
        .migrate();
  }

  @AfterAll
  static void stopStack() {
    if (stack != null) {
      stack.close();
    }
  }

  @AfterEach
  void noMiddlewareJvmLeft() {
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(middlewareChildren()).isEmpty());
  }

  @Test
  void jvmKnobsReachTheMiddlewareJvm() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.jvm.heapMegabytes", "384")
            .with("middleware.jvm.initialHeapMegabytes", "384")
            .with("middleware.jvm.youngMegabytes", "96")
            .with("middleware.jvm.collector", "serial")
            .with("middleware.jvm.flags", "-Xss768k -Dtunelab.it.flag=reached");

    try (MiddlewareTier middleware = start(knobs, "jvm")) {
      JsonNode status = middleware.status();

      assertThat(texts(status.path("inputArguments")))
          .contains(
              "-Xms384m",
              "-Xmx384m",
              "-Xmn96m",
              "-XX:+UseSerialGC",
              "-XX:+ExitOnOutOfMemoryError",
              "-Xss768k",
              "-Dtunelab.it.flag=reached")
          .doesNotContain("-XX:+UseG1GC");
      assertThat(status.path("pid").asLong()).isEqualTo(middleware.processes().get(0).pid());
    }
  }

  /**
   * JFR asked for in the middleware's flags: the JVM records and writes its recording. With the
   * jar's class archive mapped, JDK 17.0.15 died at its first classes (SIGSEGV in
   * check_shared_class_file_load_hook), so a JVM that records starts without the archive the
   * middleware before it wrote or mapped.
   */
  @Test
  void aMiddlewareRecordingWithJfrRunsWithoutTheClassArchiveAndWritesItsRecording()
      throws IOException {
    try (MiddlewareTier plain = start(KnobSet.defaults(), "archive")) {
      assertThat(texts(plain.status().path("inputArguments")))
          .as("a middleware maps its jar's class archive or writes it")
          .anyMatch(
              flag ->
                  flag.startsWith("-XX:SharedArchiveFile=")
                      || flag.startsWith("-XX:ArchiveClassesAtExit="));
    }
    Path recording = LOGS.resolve("jfr").resolve("middleware.jfr").toAbsolutePath();
    Files.deleteIfExists(recording);
    String jfr = "-XX:StartFlightRecording=filename=" + recording + ",dumponexit=true";
    KnobSet knobs = KnobSet.defaults().with("middleware.jvm.flags", jfr);

    try (MiddlewareTier recorded = start(knobs, "jfr")) {
      assertThat(texts(recorded.status().path("inputArguments")))
          .contains(jfr)
          .noneMatch(flag -> flag.contains("SharedArchiveFile") || flag.contains("ArchiveClasses"));
    }

    assertThat(Files.size(recording)).as("the recording written at the JVM's exit").isPositive();
  }

  @Test
  void settingsKnobsReachTheMiddleware() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.consumers.orchestration", "3")
            .with("middleware.delivery.policy", "async.cache")
            .with("middleware.instance.persistence", "faulted")
            .with("middleware.diagnostics", "off")
            .with("middleware.messages.persistent", "off")
            .with("middleware.fetcher.pollingMillis", "250")
            .with("middleware.metrics", "on");

    try (MiddlewareTier middleware = start(knobs, "settings")) {
      JsonNode settings = middleware.status().path("settings");

      assertThat(settings.path("consumers").path("ORCHESTRATION").asInt()).isEqualTo(3);
      assertThat(settings.path("consumers").path("INTAKE").asInt()).isEqualTo(1);
      assertThat(settings.path("deliveryPolicy").asText()).isEqualTo("ASYNC_CACHE");
      assertThat(settings.path("instancePersistence").asText()).isEqualTo("FAULTED");
      assertThat(settings.path("diagnostics").isBoolean()).isTrue();
      assertThat(settings.path("diagnostics").asBoolean()).isFalse();
      assertThat(settings.path("messagesPersistent").asBoolean(true)).isFalse();
      assertThat(settings.path("fetcher").path("pollingMillis").asInt()).isEqualTo(250);
      assertThat(settings.path("brokerUrl").asText()).isEqualTo(stack.endpoints().broker());
      // its own meters: the JVM, the JDBC pool, each back-end's HTTP pool, the engine
      HttpResponse<String> meters = get(middleware.statusUrl() + "/metrics");
      assertThat(meters.statusCode()).isEqualTo(200);
      assertThat(meters.body())
          .contains("jvm_memory_used_bytes{")
          .contains("jvm_gc_")
          .contains("hikaricp_connections{")
          .contains("pool=\"tunelab-middleware\"")
          .contains("httpcomponents_httpclient_pool_total_connections{")
          .contains("httpclient=\"brm\"");
      // every middleware meter the Grafana dashboard asks for is one it serves
      assertThat(dashboardMiddlewareMeters())
          .isNotEmpty()
          .allSatisfy(m -> assertThat(meters.body()).contains(m));
    }
  }

  /** The metric names of observability/grafana/tunelab-run.json's middleware queries. */
  private static List<String> dashboardMiddlewareMeters() {
    try {
      String dashboard =
          Files.readString(
              Path.of(
                  System.getProperty("tunelab.home"), "observability/grafana/tunelab-run.json"));
      java.util.regex.Matcher names =
          java.util.regex.Pattern.compile("\\b((?:jvm|hikaricp|httpcomponents)_[a-z_]+)\\{")
              .matcher(dashboard);
      List<String> found = new ArrayList<>();
      while (names.find()) {
        found.add(names.group(1));
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static HttpResponse<String> get(String url) {
    try {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create(url)).build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aParkedMiddlewareHasNoConsumerOnTheQueuesUntilItResumes() {
    KnobSet knobs = KnobSet.defaults().with("middleware.consumers.orchestration", "3");
    try (MiddlewareTier middleware = start(knobs, "park");
        io.tunelab.tiers.broker.BrokerManagement broker =
            io.tunelab.tiers.broker.BrokerManagement.of(stack.endpoints())) {
      assertThat(broker.queue("tunelab.orchestration").consumerCount()).isEqualTo(3);
      assertThat(get(middleware.statusUrl() + "/metrics").statusCode())
          .as("middleware.metrics is off by default: nothing counted, nothing served")
          .isEqualTo(404);

      middleware.park();

      assertThat(middleware.status().path("parked").asBoolean()).isTrue();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> assertThat(broker.queue("tunelab.orchestration").consumerCount()).isZero());
      assertThat(broker.queue("tunelab.intake").consumerCount()).isZero();

      middleware.resume();

      assertThat(middleware.status().path("parked").asBoolean()).isFalse();
      assertThat(broker.queue("tunelab.orchestration").consumerCount()).isEqualTo(3);
      assertThat(broker.queue("tunelab.intake").consumerCount()).isEqualTo(1);
    }
  }

  @Test
  void twoInstancesAreTwoJvmsThatBothConsumeEveryQueueAndParkTogether() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.instances", "2")
            .with("middleware.consumers.orchestration", "3");
    try (MiddlewareTier middleware = start(knobs, "instances");
        io.tunelab.tiers.broker.BrokerManagement broker =
            io.tunelab.tiers.broker.BrokerManagement.of(stack.endpoints())) {
      assertThat(middleware.instances()).isEqualTo(2);
      assertThat(middleware.processes()).hasSize(2);
      assertThat(middleware.statusUrls()).hasSize(2).doesNotHaveDuplicates();
      assertThat(middleware.processes().stream().map(ProcessHandle::pid).distinct()).hasSize(2);
      assertThat(broker.queue("tunelab.orchestration").consumerCount())
          .as("3 consumers on each instance")
          .isEqualTo(6);
      assertThat(broker.queue("tunelab.intake").consumerCount()).isEqualTo(2);

      middleware.park();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> assertThat(broker.queue("tunelab.orchestration").consumerCount()).isZero());
      middleware.resume();
      assertThat(broker.queue("tunelab.orchestration").consumerCount()).isEqualTo(6);
    }
  }

  @Test
  void twoMiddlewaresInOneFolderEachFindTheirOwnStatusPort() {
    KnobSet knobs = KnobSet.defaults();
    try (MiddlewareTier first = start(knobs, "ports")) {
      long firstPid = first.processes().get(0).pid();
      // a second JVM appends to the same log, after the first one's ready banner
      try (MiddlewareTier second =
          MiddlewareTier.start(
              MiddlewareConfig.from(knobs),
              stack.endpoints(),
              LOGS.resolve("ports"),
              OptionalLong.of(ProcessHandle.current().pid()))) {
        assertThat(second.status().path("pid").asLong())
            .isEqualTo(second.processes().get(0).pid())
            .isNotEqualTo(firstPid);
        assertThat(second.statusUrl()).isNotEqualTo(first.statusUrl());
      }
    }
  }

  @Test
  void aBadKnobValueIsRejectedBeforeAnythingStarts() {
    assertThatThrownBy(
            () -> start(KnobSet.defaults().with("middleware.delivery.policy", "async"), "bad-knob"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.delivery.policy must be one of")
        .hasMessageContaining("sync, async.persist, async.cache")
        .hasMessageContaining("'async'");

    assertThat(middlewareChildren()).isEmpty();
    assertThat(LOGS.resolve("bad-knob")).doesNotExist();
  }

  @Test
  void aSettingTheMiddlewareRejectsIsBadInputNamingTheKey() {
    MiddlewareConfig rejected =
        new MiddlewareConfig(
            Map.of("consumers.orchestration", "0"), MiddlewareConfig.defaults().jvmFlags());

    assertThatThrownBy(
            () ->
                MiddlewareTier.start(
                    rejected, stack.endpoints(), fresh("rejected"), OptionalLong.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("the middleware rejected its settings")
        .hasMessageContaining("consumers.orchestration must be an integer 1..256, was '0'")
        .hasMessageContaining("middleware.KEY");
  }

  @Test
  void xaOnADatabaseThatCannotPrepareIsBadInputNamingTheKnob() {
    // this stack's db runs with the default max_prepared_transactions = 0
    MiddlewareConfig xa =
        new MiddlewareConfig(Map.of("transactions", "xa"), MiddlewareConfig.defaults().jvmFlags());

    assertThatThrownBy(
            () -> MiddlewareTier.start(xa, stack.endpoints(), fresh("xa"), OptionalLong.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("max_prepared_transactions above 0")
        .hasMessageContaining("db.server.max_prepared_transactions");
    assertThat(middlewareChildren()).isEmpty();
  }

  @Test
  void closeLeavesNoProcessAndNoListener() throws IOException {
    MiddlewareTier middleware = start(KnobSet.defaults(), "close");
    List<ProcessHandle> processes = middleware.processes();
    int port = URI.create(middleware.statusUrl()).getPort();
    assertThat(processes).hasSize(1).allMatch(ProcessHandle::isAlive);
    assertThat(middleware.startTime()).isPositive();
    assertThat(Files.readString(middleware.log())).contains("tunelab middleware ready");
    assertThat(Files.readString(LOGS.resolve("close/middleware.properties")))
        .contains("db.url=" + stack.endpoints().db(), "delivery.policy=async.persist");

    middleware.close();

    assertThat(processes).noneMatch(ProcessHandle::isAlive);
    assertThat(Ports.isListening(port)).isFalse();
    middleware.close();
  }

  @Test
  void theMiddlewareEndsWhenItsOwnerDies() throws IOException {
    Process owner = new ProcessBuilder("sleep", "300").start();
    MiddlewareTier middleware =
        MiddlewareTier.start(
            MiddlewareConfig.defaults(),
            stack.endpoints(),
            fresh("owner"),
            OptionalLong.of(owner.pid()));
    try {
      ProcessHandle tier = middleware.processes().get(0);

      owner.destroy();

      await().atMost(Duration.ofSeconds(20)).until(() -> !tier.isAlive());
    } finally {
      owner.destroyForcibly();
      middleware.close();
    }
  }

  private static MiddlewareTier start(KnobSet knobs, String name) {
    return MiddlewareTier.start(
        MiddlewareConfig.from(knobs),
        stack.endpoints(),
        fresh(name),
        OptionalLong.of(ProcessHandle.current().pid()));
  }

  /** A tier folder without the log of an earlier run, which the tier appends to. */
  private static Path fresh(String name) {
    Path dir = LOGS.resolve(name);
    try {
      Files.deleteIfExists(dir.resolve("middleware.log"));
      Files.deleteIfExists(dir.resolve("middleware.properties"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(node -> texts.add(node.asText()));
    return texts;
  }

  private static List<ProcessHandle> middlewareChildren() {
    return ProcessHandle.current()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains("tunelab-middleware.jar"))
        .toList();
  }
}
