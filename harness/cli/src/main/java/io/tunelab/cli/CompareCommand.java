package io.tunelab.cli;

import io.tunelab.core.report.CompareReport;
import io.tunelab.core.results.RunComparison;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Compares two runs step by step: per metric, the ratio of the repetitions' means with its
 * significance (see {@link RunComparison}). Exit code 0 whatever the verdicts.
 */
@Command(
    name = "compare",
    description = {
      "Compare two runs (results/<run-id> folders or their run.json): per step of the same name,"
          + " throughput, p50, p99, p99.9 and errors of B against A over the repetitions: means,"
          + " the ratio B/A with Fieller's 95%% interval, Welch's t-test p and the p adjusted by"
          + " Holm over every row, and a verdict (better, worse, or no significant difference with"
          + " the smallest change these repetitions could detect). Exit code 0 whatever the"
          + " verdicts."
    })
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN_A", description = "the reference run")
  Path runA;

  @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared with it")
  Path runB;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Also write a side-by-side page of both runs to FILE (self-contained: opens from disk).")
  Path html;

  @Override
  public Integer call() {
    RunResult a = RunFiles.read(runA);
    RunResult b = RunFiles.read(runB);
    PrintWriter out = spec.commandLine().getOut();
    out.print(RunComparison.text(a, b, RunComparison.compare(a, b)));
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
    if (html != null) {
      out.println("report: " + CompareReport.write(runA, runB, html));
    }
    out.flush();
    return 0;
  }
}
