package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.bench.Check;
import io.tunelab.core.bench.Gate;
import io.tunelab.core.bench.GateCase;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.report.CompareReport;
import io.tunelab.core.results.RunComparison;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Compares two runs step by step: per metric, the ratio of the repetitions' means with its
 * significance (see {@link RunComparison}); then the gate: B against A as its baseline, by relative
 * thresholds (see {@link Gate}). Exit code 4 (the gate failed) when B is a regression of A, 0
 * otherwise.
 */
@Command(
    name = "compare",
    description = {
      "Compare two runs (results/<run-id> folders or their run.json): per step of the same name,"
          + " throughput, p50, p99, p99.9 and errors of B against A over the repetitions: means,"
          + " the ratio B/A with Fieller's 95%% interval, Welch's t-test p and the p adjusted by"
          + " Holm over every row, and a verdict (better, worse, or no significant difference with"
          + " the smallest change these repetitions could detect).",
      "Then the gate: every step of B against the same step of A by each threshold. A change"
          + " fails the gate only when it is past the threshold and significant (Holm over the"
          + " gate's thresholds): a change within noise never does.",
      "Exit code: 0 no regression, 2 bad input (a run that did not complete, unless"
          + " --allow-incomplete), 4 the gate failed: B is a regression of A."
    })
final class CompareCommand implements Callable<Integer> {
  /** The gate when none is given: a tenth more latency or a twentieth less throughput. */
  static final List<String> DEFAULT_THRESHOLDS =
      List.of("throughput >= 95% of baseline", "p99 <= 110% of baseline");

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN_A", description = "the reference run (the baseline)")
  Path runA;

  @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared with it")
  Path runB;

  @Option(
      names = "--threshold",
      paramLabel = "[STEP:]THRESHOLD",
      description =
          "A threshold every step of B (or STEP alone) must meet, replacing the defaults"
              + " ('throughput >= 95%% of baseline', 'p99 <= 110%% of baseline'); repeat for"
              + " several. Relative ('p95 <= 120%% of baseline') or absolute ('errors < 1%%', 'p99"
              + " < 2000 ms', 'mean < 300 ms'), of the step or of one operation ('p95 of"
              + " GetInvoiceList < 800 ms'). The grammar and the metrics: docs/benchmarks.md.")
  List<String> thresholds;

  @Option(
      names = "--json",
      description = "Print the rows and the gate's checks as JSON instead of the tables.")
  boolean json;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Also write a side-by-side page of both runs to FILE (self-contained: opens from disk).")
  Path html;

  @Option(
      names = "--allow-incomplete",
      description =
          "Compare a run that did not complete (stopped, interrupted, or still running): refused"
              + " by default, since its numbers are partial.")
  boolean allowIncomplete;

  @Override
  public Integer call() {
    List<StepThreshold> gate =
        (thresholds == null ? DEFAULT_THRESHOLDS : thresholds)
            .stream().map(t -> StepThreshold.parse(t, "--threshold")).toList();
    RunResult a = RunFiles.read(runA);
    RunResult b = RunFiles.read(runB);
    if (!allowIncomplete) {
      requireComplete(runA, a);
      requireComplete(runB, b);
    }
    List<RunComparison.Row> rows = RunComparison.compare(a, b);
    List<Check> checks = Gate.evaluate(List.of(new GateCase(b.experiment(), b, a, gate)));
    boolean regression = Gate.failed(checks);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("a", a.runId());
      doc.put("b", b.runId());
      doc.put("rows", rows);
      doc.put("checks", checks);
      doc.put("regression", regression);
      out.println(Json.write(doc));
    } else {
      out.print(RunComparison.text(a, b, rows));
      out.print(GateText.of(checks));
      for (RunResult run : new RunResult[] {a, b}) {
        if (!RunResult.COMPLETE.equals(run.status()) || !run.valid()) {
          out.println(
              "warning: "
                  + run.runId()
                  + " is "
                  + (RunResult.COMPLETE.equals(run.status()) ? "invalid" : run.status())
                  + ": its numbers are partial or not trustworthy");
        }
      }
      out.println(
          regression
              ? "B is a regression of A: exit code 4"
              : "no regression of B against A (exit code 0)");
    }
    if (html != null) {
      out.println("report: " + CompareReport.write(runA, runB, html));
    }
    out.flush();
    return regression ? ExitCodes.GATE_FAILED : ExitCodes.VALID;
  }

  /** A run that did not complete has partial numbers: comparing it is a choice, not a default. */
  private static void requireComplete(Path path, RunResult run) {
    if (run.status() != RunStatus.COMPLETE) {
      throw new BadInputException(
          path
              + " is "
              + run.status()
              + ", not complete: its numbers are partial. Compare complete runs, or pass"
              + " --allow-incomplete to compare it anyway");
    }
  }
}
