package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StartCheck;
import io.tunelab.core.results.StartState;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every repetition starts from the same physical state: three repetitions of a batch whose orders
 * write run rows into xref_data, the process tables and the broker's journal, and each starts with
 * the same tables (sizes, live and dead rows read by pgstattuple, planner statistics), sequences,
 * queues and journal files as the first. Unindexed xref_data is what used to grow.
 */
class RepetitionResetIT {
  private static final Path RESULTS = Path.of("target/repetition-reset-it");
  private static final String EXPERIMENT =
      """
      name: reset-it
      plan: batch-order
      repeat: 3
      workload:
        orders: 16
        warmupOrders: 60
        warmupBatchOrders: 30
        warmupMaxSeconds: 40
        warmupFullSpeed: on
        steadyBatches: 2
        steadyTolerancePercent: 50
        maxStealPercent: 100
        threads: 2
        minMeasuredSeconds: 0
      knobs:
        db.seed.customers: 50
        db.analyze: on
        mocks.brm.latency: 100
      steps:
        - name: untuned
      """;

  private static RunResult run;
  private static Path runDir;

  @BeforeAll
  static void runTheExperiment() throws Exception {
    EmbeddedRun done = EmbeddedRun.of("reset-it", EXPERIMENT, Sampler.NONE, RESULTS);
    run = done.result();
    runDir = done.dir();
  }

  @Test
  void everyRepetitionStartsFromTheFirstOnesState() {
    List<Repetition> reps = run.steps().get(0).repetitions();
    assertThat(reps).hasSize(3);
    for (Repetition rep : reps) {
      StartCheck start = rep.protocolOrNone().startState();
      assertThat(start).as("repetition %d", rep.number()).isNotNull();
      assertThat(start.differences()).as("repetition %d", rep.number()).isEmpty();
      assertThat(start.deadRows()).isZero();
      assertThat(start.queuedMessages()).isZero();
      assertThat(start.digest()).isEqualTo(reps.get(0).protocolOrNone().startState().digest());
    }
  }

  @Test
  void theStateIsReadFromThePagesAndTheRepetitionsWroteRunRows() throws Exception {
    ObjectMapper json = new ObjectMapper();
    StartState first =
        json.readValue(
            runDir.resolve(reps().get(0).rawData()).resolve(StartStateProbe.FILE).toFile(),
            StartState.class);
    assertThat(first.deadTupleSource()).isEqualTo("pgstattuple");
    assertThat(first.relations().get("xref_data").liveRows()).isEqualTo(50 * 6 + 60 * 3);
    assertThat(first.relations().get("process_instance").heapBytes()).isZero();
    assertThat(first.journalFiles()).as("read from the broker").isNotNull();
    // the batches did write: every order completed, each with run rows the reset removed
    assertThat(reps()).allMatch(r -> r.valid(), "valid");
  }

  @Test
  void theWarmupRunsAtFullSpeedAndTheMeasuredBatchesAtTheStepsLatency() {
    Repetition first = reps().get(0);
    double warmupRate =
        first.warmup().steadyState().batchRatesPerMinute().stream()
            .mapToDouble(Double::doubleValue)
            .max()
            .orElseThrow();

    // at the step's latency the warm-up would run at about the measured rate (a cold JVM, slower
    // still); at full speed it ran 2.7 times as fast with 150 ms while verify loaded the host, 20
    // times with 250 ms
    assertThat(warmupRate)
        .as("warm-up at full speed vs measured")
        .isGreaterThan(2 * first.metrics().throughputPerMinute());
    assertThat(reps())
        .allSatisfy(r -> assertThat(r.metrics().latencyMillis().p50()).isGreaterThanOrEqualTo(100));
  }

  private static List<Repetition> reps() {
    return run.steps().get(0).repetitions();
  }
}
