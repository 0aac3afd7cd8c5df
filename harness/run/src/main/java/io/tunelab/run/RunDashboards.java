package io.tunelab.run;

import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.tiers.jmeter.JmeterServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JMeter's HTML dashboard of every measured repetition's JTL, for every plan: the plans whose
 * measured run did not write one itself (batch-order's and messaging's load runs, which are also
 * their warm-ups' shape) get theirs once the last repetition ended, from JMeter's own report
 * generator in the run's load JVM, before the report that links them is written.
 */
final class RunDashboards {
  /** The load JVM's log and JMeter home while it writes the dashboards, in the run's folder. */
  static final String WORK = "logs/dashboards";

  private RunDashboards() {}

  /**
   * Writes the missing dashboards of the run in {@code runDir}.
   *
   * @return what was done, for the run's notices; empty when every repetition had its dashboard
   */
  static String complete(Path runDir, RunResult run, JmeterServer load) {
    Map<Path, Path> jobs = missing(runDir, run);
    if (jobs.isEmpty()) {
      return "";
    }
    boolean written =
        load.dashboards(jobs, runDir.resolve(WORK), Duration.ofSeconds(60 + 30L * jobs.size()));
    return written
        ? "JMeter's dashboards of " + jobs.size() + " repetitions written"
        : "some of JMeter's dashboards could not be written: see "
            + runDir.resolve(WORK).resolve(RunLayout.LOAD_LOG);
  }

  /** The measured JTLs with samples and no dashboard yet, each with its dashboard's folder. */
  static Map<Path, Path> missing(Path runDir, RunResult run) {
    Map<Path, Path> jobs = new LinkedHashMap<>();
    for (StepResult step : run.steps()) {
      for (Repetition rep : step.repetitions()) {
        if (rep.rawData() == null) {
          continue;
        }
        Path load = runDir.resolve(rep.rawData()).resolve(RunLayout.LOAD);
        Path jtl = load.resolve(RunLayout.JTL);
        Path dashboard = load.resolve(RunLayout.DASHBOARD);
        if (hasSamples(jtl) && !Files.isRegularFile(dashboard.resolve("index.html"))) {
          jobs.put(jtl, dashboard);
        }
      }
    }
    return jobs;
  }

  /** More than the header line. */
  private static boolean hasSamples(Path jtl) {
    try (var lines = Files.lines(jtl)) {
      return lines.limit(2).count() == 2;
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }
}
