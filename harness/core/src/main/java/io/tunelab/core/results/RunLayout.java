package io.tunelab.core.results;

/**
 * The layout of a run's folder, the one place that names its files: the run loop, the load tier's
 * runner and the observer write by these names, the report and {@code compare} read by them.
 *
 * <pre>
 * results/&lt;run-id&gt;/run.json, summary.md, repetitions.csv, report.html
 *   &lt;step&gt;/middleware/                 the step's middleware (log, settings)
 *   &lt;step&gt;/middleware-rep-N/           a middleware started for repetition N (fresh JVM, revival)
 *   &lt;step&gt;/rep-N/                      repetition N: the observer's files, latency.hlog,
 *                                          orders.csv (batch-order)
 *   &lt;step&gt;/rep-N/load/                 the load tier: results.jtl, load.log, dashboard/
 * </pre>
 */
public final class RunLayout {
  /** The load tier's folder inside a repetition's. */
  public static final String LOAD = "load";

  /** JMeter's sample file, in the load tier's folder. */
  public static final String JTL = "results.jtl";

  /** The load JVM's log, in the load tier's folder. */
  public static final String LOAD_LOG = "load.log";

  /** JMeter's HTML dashboard folder, beside the JTL. */
  public static final String DASHBOARD = "dashboard";

  /** Every observed series, one point per line. */
  public static final String SERIES = "series.csv";

  /** PostgreSQL's sampled wait events. */
  public static final String ASH = "ash.csv";

  /** pg_stat_statements and table statistics over the measured window. */
  public static final String DB_SNAPSHOT = "db-snapshot.json";

  /** The middleware's GC pauses. */
  public static final String GC = "gc.json";

  /** The middleware JVM's JDK Flight Recorder recording of the measured window. */
  public static final String JFR = "middleware.jfr";

  /** That recording summed up, as the repetition's {@code profile} in run.json. */
  public static final String JFR_SUMMARY = "jfr.json";

  /**
   * Another JVM tier's recording of the repetition ({@code broker.jvm.jfr}, {@code mocks.jvm.jfr}),
   * e.g. {@code broker.jfr}.
   */
  public static String jfr(String tier) {
    return tier + ".jfr";
  }

  /** Another JVM tier's GC pauses, e.g. {@code broker-gc.json}. */
  public static String gc(String tier) {
    return tier + "-" + GC;
  }

  /** Another JVM tier's recording summed up, e.g. {@code broker-jfr.json}. */
  public static String jfrSummary(String tier) {
    return tier + "-" + JFR_SUMMARY;
  }

  /** What the findings rules said. */
  public static final String FINDINGS = "findings.json";

  /** The observer's summary of the repetition. */
  public static final String OBSERVATIONS = "observations.json";

  /** A batch-order repetition's ledger: one row per submitted order and where it ended. */
  public static final String ORDERS = "orders.csv";

  /**
   * A messaging repetition's ledger: one row per planned or finished message and where it ended.
   */
  public static final String MESSAGES = "messages.csv";

  /** The repetition's latencies as an HdrHistogram log. */
  public static final String HLOG = "latency.hlog";

  private RunLayout() {}

  /** Repetition {@code number}'s folder, relative to the run's. */
  public static String repetition(String stepFolder, int number) {
    return stepFolder + "/rep-" + number;
  }

  /** The folder of the middleware a step's visit starts, relative to the step's. */
  public static final String MIDDLEWARE = "middleware";

  /**
   * The folder of a middleware started for repetition {@code number} (a fresh JVM, a revival, a
   * later visit of an interleaved step), relative to the step's.
   */
  public static String middleware(int number) {
    return MIDDLEWARE + "-rep-" + number;
  }

  /** A file of the load tier, relative to a repetition's folder. */
  public static String load(String file) {
    return LOAD + "/" + file;
  }
}
