package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.TestOrders;
import java.nio.file.Files;
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

  @Test
  void oneConsumerOnASlowStageShowsAGrowingBacklogOnItsQueue() throws Exception {
    fixture.siebel().setLatency(new Latency.Fixed(200));
    fixture.brm().setLatency(new Latency.Fixed(250));
    KnobSet knobs =
        ObservedWindows.consumers(4)
            .with("middleware.consumers.orchestration", "1")
            .with("middleware.consumers.createSubscriptions", "1");

    Observations seen =
        ObservedWindows.observe(
            fixture, "backlog", knobs, TestOrders.orders("b", "small", 40, fixture.parties(40)));

    // Orchestration (one consumer too) may show its own backlog; the stages with 4 consumers not.
    assertThat(ObservedWindows.of(seen, FindingKind.QUEUE_BACKLOG))
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
        ObservedWindows.observe(
            fixture,
            "no-index",
            ObservedWindows.consumers(3),
            TestOrders.orders("n", "small", 30, fixture.parties(30)));
    fixture.reset();
    fixture.database.xrefIndex(true);
    Observations with =
        ObservedWindows.observe(
            fixture,
            "index",
            ObservedWindows.consumers(3),
            TestOrders.orders("i", "small", 30, fixture.parties(30)));

    assertThat(ObservedWindows.of(without, FindingKind.SEQUENTIAL_SCAN))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.evidence()).anyMatch(line -> line.contains("FROM xref_data"));
            });
    assertThat(ObservedWindows.of(with, FindingKind.SEQUENTIAL_SCAN)).isEmpty();
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
    KnobSet knobs = ObservedWindows.consumers(3).with("middleware.invoke.retries", "0");

    Observations seen =
        ObservedWindows.observe(
            fixture, "brm-resets", knobs, TestOrders.orders("r", "small", 30, fixture.parties(30)));

    assertThat(ObservedWindows.of(seen, FindingKind.BACKEND_FAULTS))
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
        ObservedWindows.consumers(4)
            .with("middleware.jvm.heapMegabytes", "24")
            .with("middleware.jvm.initialHeapMegabytes", "24");

    Observations seen =
        ObservedWindows.observe(
            fixture, "small-heap", knobs, TestOrders.orders("g", "large", 30, fixture.parties(30)));

    assertThat(ObservedWindows.of(seen, FindingKind.GC_PRESSURE))
        .singleElement()
        .satisfies(f -> assertThat(f.subject()).isEqualTo("middleware"));
    assertThat(seen.series("gc.heapAfterMegabytes", "middleware")).isNotEmpty();
    // read from the recording the middleware wrote on its way out (it stopped first), with G1's
    // generations: the study's visualGC view
    assertThat(seen.series("gc.oldAfterMegabytes", "middleware")).isNotEmpty();
    assertThat(Files.readString(seen.dir().resolve("gc.json")))
        .contains("\"pauses\"")
        .contains("\"collector\" : \"G1New + G1Old\"");
  }

  private static TableScans xref(Observations seen) {
    return seen.data().tables().stream()
        .filter(t -> t.table().equals("xref_data"))
        .findFirst()
        .orElseThrow();
  }
}
