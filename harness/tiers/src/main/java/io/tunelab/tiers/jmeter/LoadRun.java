package io.tunelab.tiers.jmeter;

import io.tunelab.core.measure.JtlRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A finished run of the load tier.
 *
 * @param exitCode the load JVM's exit status: 0 every sample succeeded, 1 the run failed (failed
 *     samples or an engine error; the JTL says which samples), 3 its owner died mid-run
 * @param jtl the CSV results file
 * @param log the load JVM's console output
 * @param jmeterLog JMeter's own log ({@code jmeter.log})
 * @param wallTime from handing the plan to the load tier to the run's end
 */
public record LoadRun(int exitCode, Path jtl, Path log, Path jmeterLog, Duration wallTime) {
  /** Whether the plan ran and every sample succeeded. */
  public boolean succeeded() {
    return exitCode == 0;
  }

  /** Where JMeter's HTML dashboard is when the run asked for one: {@code dashboard/index.html}. */
  public Path dashboardIndex() {
    return jtl.resolveSibling(LocalJmeter.DASHBOARD_DIR).resolve("index.html");
  }

  /** The samples of the run. */
  public List<JtlRecord> records() throws IOException {
    return JtlRecord.read(jtl);
  }
}
