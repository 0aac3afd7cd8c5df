package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.report.HtmlReport;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Rebuilds a run's {@code report.html} from its folder. */
@Command(
    name = "report",
    description = {
      "Rebuild results/<run-id>/report.html from the run's folder (run.json and each repetition's"
          + " observer files): a self-contained page with the summary, charts, top SQL, findings,"
          + " knobs and environment that opens from disk."
    })
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "RUN_DIR",
      description = "the run's folder, e.g. results/20261123-010000-quickstart (or its run.json)")
  Path run;

  @Override
  public Integer call() {
    Path dir =
        Files.isRegularFile(run) && run.getFileName().toString().equals(RunFiles.RUN_JSON)
            ? run.toAbsolutePath().getParent()
            : run;
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(
          "no run folder at "
              + run
              + ": give a results/<run-id> folder, as `tunelab run` printed it (ls results/)");
    }
    Path page = HtmlReport.write(dir);
    PrintWriter out = spec.commandLine().getOut();
    RunResult run = RunFiles.read(dir);
    if (run.status() == RunStatus.INTERRUPTED) {
      out.println(
          "note: "
              + run.runId()
              + " was interrupted: its run.json says running, but its controller (pid "
              + run.controller().pid()
              + ") is gone; its numbers are partial");
    }
    out.println("report: " + page);
    out.flush();
    return 0;
  }
}
