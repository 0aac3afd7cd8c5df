package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Point;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.middleware.TestOrders;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the observer reads from the middleware and the database beyond the findings of a window: a
 * JFR recording and a thread dump of the running middleware, sessions refused to its pool, the role
 * it connects as, and what sampling costs the controller. Apart from {@link ObservedRunIT} so that
 * the two halves run in two test JVMs of a verify, not one after the other in one.
 */
class ObservedResourcesIT {
  private static FlowFixture fixture;

  /** The stack this test JVM's classes share (see {@link FlowFixture#shared}). */
  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @BeforeEach
  void reset() {
    fixture.reset();
    fixture.database.xrefIndex(true);
  }

  /**
   * {@code middleware.jvm.jfr}: the observer attaches to the running middleware (nothing on its
   * command line) and records the measured window alone, and the recording is summed up: hot
   * methods, heap per generation, collections. A thread dump comes the same way.
   */
  @Test
  void aRecordedWindowShowsTheMiddlewaresHotMethodsAndHeapPerGeneration() throws Exception {
    KnobSet knobs = ObservedWindows.consumers(2).with("middleware.jvm.heapMegabytes", "64");
    List<TestOrder> orders = TestOrders.orders("jfr", "large", 40, fixture.parties(40));
    Observations seen;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "jfr")) {
      RunObserver observer =
          RunObserver.start(
              ObserverConfig.of(fixture.stack, ObservedWindows.RESULTS.resolve("jfr"))
                  .withMiddleware(middleware)
                  .withMiddlewareJfr(io.tunelab.core.knobs.Jfr.DEFAULT)
                  // the broker too, as broker.jvm.jfr=default records it
                  .withStackJfr(Map.of("broker", io.tunelab.core.knobs.Jfr.DEFAULT)));
      observer.markMeasured();
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofMinutes(2));
      // while the middleware runs: its recording is written by the middleware itself
      seen = observer.stop();
      Path dump = ObservedWindows.RESULTS.resolve("jfr").resolve("threads.txt");
      assertThat(ThreadDump.write(middleware.processes().get(0).pid(), dump)).contains("threads");
      assertThat(dump)
          .content()
          .contains("\"tunelab-intake-1\"", "java.lang.Thread.State: ", "\tat ");
    }

    assertThat(seen.errors()).doesNotContainKey("jfr");
    assertThat(seen.dir().resolve(RunObserver.JFR_FILE)).isNotEmptyFile();
    // the middleware's environment holds the stack's passwords: not recorded
    assertThat(
            jdk.jfr.consumer.RecordingFile.readAllEvents(seen.dir().resolve(RunObserver.JFR_FILE))
                .stream()
                .map(e -> e.getEventType().getName()))
        .isNotEmpty()
        .doesNotContain("jdk.InitialEnvironmentVariable");
    for (String file : List.of(RunObserver.JFR_FILE, "broker.jfr")) {
      String recording =
          new String(
              Files.readAllBytes(seen.dir().resolve(file)),
              java.nio.charset.StandardCharsets.ISO_8859_1);
      for (String password :
          List.of(fixture.endpoints.middlewareDbPassword(), fixture.endpoints.brokerPassword())) {
        if (!password.isEmpty()) {
          assertThat(recording).as("a password in " + file).doesNotContain(password);
        }
      }
    }
    assertThat(seen.dir().resolve("broker-jfr.json")).content().contains("\"hotMethods\"");
    assertThat(seen.dir().resolve("broker-gc.json")).content().contains("\"tier\" : \"broker\"");
    assertThat(seen.dir().resolve(RunObserver.JFR_JSON)).content().contains("\"hotMethods\"");
    io.tunelab.core.measure.JfrProfile profile = seen.profile().orElseThrow();
    assertThat(profile.settings()).isEqualTo("default");
    assertThat(profile.hotMethods()).isNotEmpty();
    assertThat(profile.allocations()).isNotEmpty();
    assertThat(profile.gc().count()).as("large orders in a 64 MB heap").isPositive();
    assertThat(profile.heap()).containsKeys("young", "old", "total");
  }

  /**
   * The studies' first failure, a database out of sessions (ORA-12519): the middleware's role may
   * hold 2 sessions while its pool wants 6, so the server refuses the rest with SQLSTATE 53300, as
   * it does a role past {@code max_connections} less the superuser-reserved slots. The harness, a
   * superuser, keeps observing; every order still completes on the sessions the pool got; the
   * refusals are counted and the finding names the database, not the pool size.
   */
  @Test
  void aDatabaseOutOfSessionsRefusesThePoolAndTheFindingCountsTheRefusals() throws Exception {
    String role = fixture.endpoints.dbAppUser();
    assertThat(role).as("the middleware's own role").isNotEmpty();
    fixture.update("ALTER ROLE " + role + " CONNECTION LIMIT 2");
    Observations seen;
    try {
      KnobSet knobs =
          ObservedWindows.consumers(2)
              .with("middleware.jdbc.poolSize", "6")
              .with("middleware.engine.threads", "4");
      seen =
          ObservedWindows.observe(
              fixture, "sessions", knobs, TestOrders.orders("s", "small", 12, fixture.parties(12)));
    } finally {
      fixture.update("ALTER ROLE " + role + " CONNECTION LIMIT -1");
    }

    assertThat(fixture.completed()).hasSize(12);
    assertThat(seen.series("middleware.jdbcConnectionRefusals", "middleware"))
        .extracting(Point::value)
        .anySatisfy(refused -> assertThat(refused).isPositive());
    assertThat(ObservedWindows.of(seen, FindingKind.CONNECTION_LIMIT))
        .anySatisfy(
            f -> {
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message()).contains("refused the middleware's pool");
            });
  }

  /**
   * The middleware connects as its own role, not as the superuser the harness uses: the reserved
   * slots stay the harness's.
   */
  @Test
  void theMiddlewareConnectsAsARoleThatIsNotASuperuser() throws Exception {
    try (MiddlewareTier middleware = fixture.middleware(ObservedWindows.consumers(1), "role")) {
      assertThat(
              fixture.strings(
                  "SELECT DISTINCT a.usename || ' ' || r.rolsuper FROM pg_stat_activity a"
                      + " JOIN pg_roles r ON r.oid = a.usesysid"
                      + " WHERE a.application_name = 'tunelab-middleware'"))
          .containsExactly(fixture.endpoints.dbAppUser() + " false");
    }
  }

  /**
   * The cost of sampling, in % of one core of the controller: its whole CPU while the observer
   * samples an idle stack (after its first samples), minus its CPU over an equal stretch without
   * the observer. Recorded in {@code target/observed-run-it/overhead.txt} for the closing note, not
   * bounded here (timing).
   */
  @Test
  void samplingCostIsMeasured() throws Exception {
    Duration stretch = Duration.ofSeconds(5);
    double quiet = controllerCpuPercent(stretch);
    RunObserver observer =
        RunObserver.start(
            ObserverConfig.of(fixture.stack, ObservedWindows.RESULTS.resolve("overhead")));
    controllerCpuPercent(Duration.ofSeconds(2)); // first samples load and compile their classes
    double sampled = controllerCpuPercent(stretch);
    Observations seen = observer.stop();

    assertThat(seen.samples()).isGreaterThanOrEqualTo(5);
    assertThat(seen.samplerCpuPercentOfOneCore()).isPositive();
    assertThat(seen.errors()).isEmpty();
    Files.writeString(
        ObservedWindows.RESULTS.resolve("overhead.txt"),
        String.format(
            "controller CPU, %% of one core: %.2f without the observer, %.2f while it sampled"
                + " (difference %.2f); the sampling thread alone: %.2f; %d samples%n",
            quiet, sampled, sampled - quiet, seen.samplerCpuPercentOfOneCore(), seen.samples()));
  }

  /** This JVM's CPU over a stretch of wall time, in % of one core. */
  private static double controllerCpuPercent(Duration stretch) {
    ProcessHandle self = ProcessHandle.current();
    Duration before = self.info().totalCpuDuration().orElseThrow();
    long start = System.nanoTime();
    await()
        .pollDelay(stretch)
        .atMost(stretch.plusSeconds(5))
        .until(() -> System.nanoTime() - start >= stretch.toNanos());
    long wall = System.nanoTime() - start;
    Duration used = self.info().totalCpuDuration().orElseThrow().minus(before);
    return 100.0 * used.toNanos() / wall;
  }
}
