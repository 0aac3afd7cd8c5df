package io.tunelab.core.studies;

import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.Environment;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RepetitionProtocol;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A small study experiment and a run of it written as run.json and read back: steps with given
 * throughputs per repetition, batch-order, on a made-up two-core machine.
 */
final class SyntheticRun {
  static final String FILE = "experiments/studies/synthetic.yaml";

  /** A three-step ladder, a, b, c, with the given study block (YAML, indented two spaces). */
  static Experiment experiment(String studyBlock) {
    String yaml =
        """
        name: study-synthetic
        description: A made-up study story.
        plan: batch-order
        repeat: 3
        steps:
          - name: a
          - name: b
            knobs: {middleware.audit.level: production}
          - name: c
            knobs: {middleware.instance.persistence: faulted}
        """
            + studyBlock;
    return new ExperimentReader().parse(FILE, "synthetic", yaml, Map.of(), OptionalInt.empty());
  }

  /** The throughputs of every repetition, per step in run order. */
  static final class Builder {
    private final Map<String, double[]> steps = new LinkedHashMap<>();
    private final Map<String, double[]> walPerUnit = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> knobs = new LinkedHashMap<>();
    private boolean rounds;
    private RunStatus status = RunStatus.COMPLETE;

    /** The step ran with these resolved knobs (the run.json's {@code knobs} of the step). */
    Builder knobs(String step, Map<String, String> resolved) {
      knobs.put(step, resolved);
      return this;
    }

    /** Repetition i of every step ran in round i: the steps were measured in rounds. */
    Builder inRounds() {
      rounds = true;
      return this;
    }

    Builder step(String name, double... throughputs) {
      steps.put(name, throughputs);
      return this;
    }

    /**
     * Gives the step's repetitions an observed work cost: these WAL bytes per order, and per order
     * 10 ms middleware CPU and a tenth of the WAL's KB as database CPU ms.
     */
    Builder walPerUnit(String name, double... bytes) {
      walPerUnit.put(name, bytes);
      return this;
    }

    Builder status(RunStatus value) {
      status = value;
      return this;
    }

    /** Writes run.json into {@code dir} and reads it back, as {@code studies record} does. */
    RunResult writeAndRead(Path dir) {
      RunResult run =
          new RunResult(
              "20261124-120000-study-synthetic",
              "study-synthetic",
              FILE,
              "batch-order",
              "orders/min",
              RunStatus.RUNNING,
              false,
              "2026-11-24T12:00:00Z",
              null,
              3,
              "a",
              new Environment(
                  "abc123",
                  "17.0.15 (Debian)",
                  "15.18",
                  "2.56.0",
                  "3.13.2",
                  "5.6.3",
                  2,
                  "AMD EPYC",
                  24105,
                  "Linux 6.1 amd64",
                  Map.of(),
                  Map.of(),
                  "embedded"),
              List.of());
      for (Map.Entry<String, double[]> step : steps.entrySet()) {
        run =
            run.withStep(
                stepResult(
                    step.getKey(),
                    step.getValue(),
                    walPerUnit.get(step.getKey()),
                    knobs.getOrDefault(step.getKey(), Map.of()),
                    rounds));
      }
      run = run.finished(status, "2026-11-24T12:30:00Z");
      RunFiles.write(dir, run);
      return RunFiles.read(dir);
    }

    private static StepResult stepResult(
        String name,
        double[] throughputs,
        double[] wal,
        Map<String, String> knobs,
        boolean rounds) {
      List<Repetition> reps = new ArrayList<>();
      for (int i = 0; i < throughputs.length; i++) {
        Repetition r =
            Repetition.measured(
                i + 1,
                true,
                "all orders accounted for",
                Metrics.of(throughputs[i], new LatencyMillis(10, 20, 30, 40), 0),
                BatchOrderMeasures.of(new OrderAccounting(100, 100, 0, 0, 0)),
                new Warmup(5, 5, 1000),
                2000,
                name + "/rep-" + (i + 1));
        if (wal != null) {
          r =
              r.withCosts(
                  null,
                  new WorkCost(
                      100,
                      20_000,
                      Map.of("middleware", 10.0, "db", wal[i] / 10_240, "broker", 1.0),
                      11 + wal[i] / 10_240,
                      wal[i],
                      80.0,
                      12.0),
                  null);
        }
        if (rounds) {
          r = r.withProtocol(RepetitionProtocol.NONE.withRound(i + 1));
        }
        reps.add(r);
      }
      return StepResult.of(name, Map.of(), knobs, List.of(), Map.of(), reps);
    }
  }

  static Builder run() {
    return new Builder();
  }

  private SyntheticRun() {}
}
