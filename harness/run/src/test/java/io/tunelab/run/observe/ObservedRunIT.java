package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.middleware.TestOrders;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run watched by the observer on the real stack: the data it records and the findings it draws
 * from them, for the cases the studies found by looking (a slow stage with one consumer, a missing
 * xref index, a heap far too small).
 */
class ObservedRunIT {
  private static final Path RESULTS = Path.of("target/observed-run-it");
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

  @AfterEach
  void noLatency() {
    fixture.siebel().setLatency(Latency.NONE);
    fixture.brm().setLatency(Latency.NONE);
  }

  private static KnobSet consumers(int each) {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.delivery.policy", "sync")
            .with("middleware.diagnostics", "off")
            .with("middleware.audit.level", "off");
    for (String stage :
        List.of("intake", "orchestration", "createCustomer", "createSubscriptions", "updateCrm")) {
      knobs = knobs.with("middleware.consumers." + stage, Integer.toString(each));
    }
    return knobs;
  }

  /** Runs the orders through a middleware with these knobs, observed; returns what was seen. */
  private static Observations observe(String name, KnobSet knobs, List<TestOrder> orders)
      throws Exception {
    RunObserver observer;
    try (MiddlewareTier middleware = fixture.middleware(knobs, name)) {
      observer =
          RunObserver.start(
              ObserverConfig.of(fixture.stack, RESULTS.resolve(name)).withMiddleware(middleware));
      observer.markMeasured();
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofMinutes(2));
      // A few fast orders can settle before the first sample of a busy machine: the window ends
      // with a sample of every tier taken after the last order, the middleware still up.
      int settled = observer.samples();
      await().atMost(Duration.ofSeconds(30)).until(() -> observer.samples() > settled + 1);
    }
    // Stopped after the middleware, whose sessions flush their table statistics as they end.
    return observer.stop();
  }

  private static List<Finding> of(Observations seen, FindingKind kind) {
    return seen.findings().stream().filter(f -> f.kind() == kind).toList();
  }

  @Test
  void oneConsumerOnASlowStageShowsAGrowingBacklogOnItsQueue() throws Exception {
    fixture.siebel().setLatency(new Latency.Fixed(200));
    fixture.brm().setLatency(new Latency.Fixed(250));
    KnobSet knobs =
        consumers(4)
            .with("middleware.consumers.orchestration", "1")
            .with("middleware.consumers.createSubscriptions", "1");

    Observations seen =
        observe("backlog", knobs, TestOrders.orders("b", "small", 40, fixture.parties(40)));

    // Orchestration (one consumer too) may show its own backlog; the stages with 4 consumers not.
    assertThat(of(seen, FindingKind.QUEUE_BACKLOG))
        .extracting(Finding::subject)
        .contains("tunelab.create-subscriptions")
        .doesNotContain("tunelab.create-customer", "tunelab.update-crm");
    List<Point> depth = seen.series("broker.messageCount", "tunelab.create-subscriptions");
    assertThat(depth.stream().mapToDouble(Point::value).max().orElse(0)).isGreaterThanOrEqualTo(10);
    assertThat(seen.series("broker.consumerCount", "tunelab.create-subscriptions"))
        .extracting(Point::value)
        .contains(1.0)
        .allSatisfy(consumers -> assertThat(consumers).isLessThanOrEqualTo(1));
    assertThat(Files.readString(seen.dir().resolve("findings.json")))
        .contains("tunelab.create-subscriptions");
  }

  @Test
  void withoutTheXrefIndexLookupsScanXrefDataAndWithItTheyDoNot() throws Exception {
    fixture.database.xrefIndex(false);
    Observations without =
        observe("no-index", consumers(3), TestOrders.orders("n", "small", 30, fixture.parties(30)));
    fixture.reset();
    fixture.database.xrefIndex(true);
    Observations with =
        observe("index", consumers(3), TestOrders.orders("i", "small", 30, fixture.parties(30)));

    assertThat(of(without, FindingKind.SEQUENTIAL_SCAN))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.evidence()).anyMatch(line -> line.contains("FROM xref_data"));
            });
    assertThat(of(with, FindingKind.SEQUENTIAL_SCAN)).isEmpty();
    assertThat(xref(with).indexScans()).isGreaterThan(xref(with).seqScans());
    assertThat(Files.readString(without.dir().resolve("db-snapshot.json"))).contains("xref_data");
    costsOfAWritingRun(with, 30);
  }

  /** What the window cost: every order inserts and updates its instance, WAL and all. */
  private static void costsOfAWritingRun(Observations seen, int orders) throws Exception {
    WorkCost cost = seen.recordWorkCost(orders).orElseThrow();

    assertThat(cost.walBytesPerUnit()).isPositive();
    assertThat(cost.statementsPerUnit()).isPositive();
    assertThat(cost.commitsPerUnit()).isPositive();
    assertThat(cost.cpuMillisPerUnit().get("middleware")).isPositive();
    assertThat(seen.harnessCost())
        .hasValueSatisfying(
            h -> assertThat(h.tiers()).containsOnlyKeys("load", "mocks", "controller"));
    assertThat(seen.machineNoise())
        .hasValueSatisfying(n -> assertThat(n.beforeSampling()).isNotNull());
    assertThat(Files.readString(seen.dir().resolve("observations.json")))
        .contains("\"harnessCost\"", "\"machineNoise\"", "\"workCost\"", "\"walBytesPerUnit\"");
  }

  @Test
  void aBackEndDroppingAFifthOfItsConnectionsIsNamedWithItsFailingCalls() throws Exception {
    fixture.brm().setFaults(0.2, FaultKind.RESET);
    KnobSet knobs = consumers(3).with("middleware.invoke.retries", "0");

    Observations seen =
        observe("brm-resets", knobs, TestOrders.orders("r", "small", 30, fixture.parties(30)));

    assertThat(of(seen, FindingKind.BACKEND_FAULTS))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("brm");
              assertThat(f.evidence()).anyMatch(line -> line.startsWith("brm AddSubscription: "));
            });
  }

  @Test
  void aHeapFarTooSmallShowsGcPressure() throws Exception {
    KnobSet knobs =
        consumers(4)
            .with("middleware.jvm.heapMegabytes", "24")
            .with("middleware.jvm.initialHeapMegabytes", "24");

    Observations seen =
        observe("small-heap", knobs, TestOrders.orders("g", "large", 30, fixture.parties(30)));

    assertThat(of(seen, FindingKind.GC_PRESSURE))
        .singleElement()
        .satisfies(f -> assertThat(f.subject()).isEqualTo("middleware"));
    assertThat(seen.series("gc.heapAfterMegabytes", "middleware")).isNotEmpty();
    assertThat(Files.readString(seen.dir().resolve("gc.json"))).contains("\"pauses\"");
  }

  /**
   * {@code middleware.jvm.jfr}: the observer attaches to the running middleware (nothing on its
   * command line) and records the measured window alone, and the recording is summed up: hot
   * methods, heap per generation, collections. A thread dump comes the same way.
   */
  @Test
  void aRecordedWindowShowsTheMiddlewaresHotMethodsAndHeapPerGeneration() throws Exception {
    KnobSet knobs = consumers(2).with("middleware.jvm.heapMegabytes", "64");
    List<TestOrder> orders = TestOrders.orders("jfr", "large", 40, fixture.parties(40));
    Observations seen;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "jfr")) {
      RunObserver observer =
          RunObserver.start(
              ObserverConfig.of(fixture.stack, RESULTS.resolve("jfr"))
                  .withMiddleware(middleware)
                  .withMiddlewareJfr(io.tunelab.core.knobs.MiddlewareKnobs.Jfr.DEFAULT));
      observer.markMeasured();
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofMinutes(2));
      // while the middleware runs: its recording is written by the middleware itself
      seen = observer.stop();
      Path dump = RESULTS.resolve("jfr").resolve("threads.txt");
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
    String recording =
        new String(
            Files.readAllBytes(seen.dir().resolve(RunObserver.JFR_FILE)),
            java.nio.charset.StandardCharsets.ISO_8859_1);
    for (String password :
        List.of(fixture.endpoints.middlewareDbPassword(), fixture.endpoints.brokerPassword())) {
      if (!password.isEmpty()) {
        assertThat(recording).as("a password in the recording").doesNotContain(password);
      }
    }
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
          consumers(2).with("middleware.jdbc.poolSize", "6").with("middleware.engine.threads", "4");
      seen = observe("sessions", knobs, TestOrders.orders("s", "small", 12, fixture.parties(12)));
    } finally {
      fixture.update("ALTER ROLE " + role + " CONNECTION LIMIT -1");
    }

    assertThat(fixture.completed()).hasSize(12);
    assertThat(seen.series("middleware.jdbcConnectionRefusals", "middleware"))
        .extracting(Point::value)
        .anySatisfy(refused -> assertThat(refused).isPositive());
    assertThat(of(seen, FindingKind.CONNECTION_LIMIT))
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
    try (MiddlewareTier middleware = fixture.middleware(consumers(1), "role")) {
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
        RunObserver.start(ObserverConfig.of(fixture.stack, RESULTS.resolve("overhead")));
    controllerCpuPercent(Duration.ofSeconds(2)); // first samples load and compile their classes
    double sampled = controllerCpuPercent(stretch);
    Observations seen = observer.stop();

    assertThat(seen.samples()).isGreaterThanOrEqualTo(5);
    assertThat(seen.samplerCpuPercentOfOneCore()).isPositive();
    assertThat(seen.errors()).isEmpty();
    Files.writeString(
        RESULTS.resolve("overhead.txt"),
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

  private static TableScans xref(Observations seen) {
    return seen.data().tables().stream()
        .filter(t -> t.table().equals("xref_data"))
        .findFirst()
        .orElseThrow();
  }
}
