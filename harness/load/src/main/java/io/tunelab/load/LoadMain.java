package io.tunelab.load;

import io.tunelab.tiermain.OwnerWatchdog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The load tier: runs one JMeter plan with JMeter's engine, without the GUI, in this JVM, and
 * writes its samples to a CSV JTL.
 *
 * <p>With {@code --report DIR}, JMeter's HTML dashboard of the JTL is generated into DIR after the
 * run. {@code LoadMain dashboards --work DIR JTL DIR...} generates the dashboards of JTLs written
 * earlier ({@link DashboardsOnly}). {@code LoadMain serve --work DIR} keeps the JVM and runs plan
 * after plan as its standard input asks ({@link LoadServer}). {@code LoadMain engine ...} is one
 * engine of JMeter's distributed mode ({@link LoadEngine}); {@code --remote HOST:PORT,...} runs the
 * plan on such engines, this JVM their controller.
 *
 * <p>Exit status: 0 when the plan ran and every sample succeeded; 2 when the plan is missing or
 * unreadable, an argument or property is bad (a property the plan does not read, or a value the
 * plan refuses through the {@value PlanRun#PLAN_ERROR_PROPERTY} property); 1 when the run failed
 * (an engine error, no sample at all, or failed samples: the JTL says which); 3 when the owner
 * named by {@code -Dtunelab.owner.pid} died.
 */
public final class LoadMain {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  private LoadMain() {}

  public static void main(String[] args) {
    OwnerWatchdog.startFromSystemProperty();
    int status;
    try {
      status = run(args, System.out, System.err);
    } catch (Throwable e) {
      e.printStackTrace();
      System.err.println("tunelab load: the run failed: " + e);
      status = FAILED;
    }
    System.out.flush();
    // The JMS client leaves non-daemon threads behind: end the JVM explicitly.
    System.exit(status);
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length > 0 && args[0].equals(DashboardsOnly.MODE)) {
      return DashboardsOnly.run(args, out, err);
    }
    if (args.length > 0 && args[0].equals(LoadServer.MODE)) {
      return LoadServer.serve(args, System.in, System.out);
    }
    if (args.length > 0 && args[0].equals(LoadEngine.MODE)) {
      return LoadEngine.serve(args, System.in, out, err);
    }
    return runPlan(args, System.getenv(), null, out, err);
  }

  /**
   * One plan run.
   *
   * @param env where the secret plan properties are read from ({@link
   *     LoadArgs#SECRET_PROPERTY_PREFIX})
   * @param sharedHome a JMETER_HOME unpacked before, kept after; null to unpack one into the work
   *     folder for this run only
   */
  static int runPlan(
      String[] args, Map<String, String> env, Path sharedHome, PrintStream out, PrintStream err)
      throws Exception {
    LoadArgs parsed;
    try {
      parsed = LoadArgs.parse(args, env);
      checkPlan(parsed.plan());
      PlanProperties.check(
          parsed.properties(), PlanProperties.readBy(parsed.plan()), parsed.plan());
    } catch (IllegalArgumentException e) {
      err.println("tunelab load: " + e.getMessage());
      return BAD_INPUT;
    }
    Path work = parsed.work().toAbsolutePath().normalize();
    Files.createDirectories(work);
    Path jtl = parsed.jtl().toAbsolutePath().normalize();
    Files.createDirectories(jtl.getParent());
    Files.deleteIfExists(jtl); // JMeter appends to an existing JTL
    // JMeter's bin/ (3.6 MB) is needed only while it runs: kept, it filled a quickstart's results
    // with 50 MB of copies, one per batch
    Path home = sharedHome != null ? sharedHome : JmeterHome.unpack(work.resolve("jmeter-home"));
    try {
      LogConfig.install(work); // before the first JMeter class logs
      PlanRun.configure(home, parsed);

      long started = System.nanoTime();
      PlanRun.Outcome outcome;
      try {
        outcome =
            parsed.remotes().isEmpty()
                ? PlanRun.run(parsed.plan(), jtl, parsed.influxdb(), parsed.stopFile())
                : PlanRun.runRemote(
                    parsed.plan(),
                    jtl,
                    parsed.remotes(),
                    parsed.rmiHost(),
                    remoteProperties(parsed),
                    parsed.influxdb());
      } catch (PlanRun.BadPlanException e) {
        err.println("tunelab load: the plan " + parsed.plan() + " cannot run: " + e.getMessage());
        return BAD_INPUT;
      } catch (RemoteEngines.EngineException e) {
        err.println("tunelab load: " + e.getMessage());
        return FAILED;
      }
      long millis = (System.nanoTime() - started) / 1_000_000;
      if (parsed.report() != null && outcome.samples() > 0 && outcome.planError() == null) {
        dashboard(home, jtl, parsed.report().toAbsolutePath().normalize(), out, err);
      }
      return report(outcome, millis, jtl, out, err);
    } finally {
      if (sharedHome == null) {
        JmeterHome.delete(home);
      }
    }
  }

  /**
   * What every engine runs the plan with (JMeter's global properties, {@code -G}): the plan's
   * properties and the JTL's sample variables, which an engine must send with each sample.
   */
  static Map<String, String> remoteProperties(LoadArgs args) {
    Map<String, String> properties = new java.util.LinkedHashMap<>(args.properties());
    if (!args.sampleVariables().isEmpty()) {
      properties.put(
          org.apache.jmeter.samplers.SampleEvent.SAMPLE_VARIABLES,
          String.join(",", args.sampleVariables()));
    }
    return properties;
  }

  /** The HTML dashboard; a failure is reported but leaves the run's status as the samples say. */
  private static void dashboard(Path home, Path jtl, Path dir, PrintStream out, PrintStream err) {
    try {
      out.println("tunelab load: dashboard " + Dashboard.generate(home, jtl, dir));
    } catch (Exception e) {
      err.println("tunelab load: the HTML dashboard could not be generated: " + e);
    }
  }

  private static void checkPlan(Path plan) {
    if (!Files.isRegularFile(plan) || !Files.isReadable(plan)) {
      throw new IllegalArgumentException(
          "no readable plan at "
              + plan.toAbsolutePath()
              + ": name a .jmx file, e.g. jmeter-plans/batch-order.jmx");
    }
  }

  private static int report(
      PlanRun.Outcome outcome, long millis, Path jtl, PrintStream out, PrintStream err)
      throws IOException {
    if (outcome.planError() != null) {
      err.println("tunelab load: bad plan property: " + outcome.planError());
      return BAD_INPUT;
    }
    out.printf(
        "tunelab load: %d samples in %d ms, %d failed; JTL %s%n",
        outcome.samples(), millis, outcome.failures(), jtl);
    if (outcome.samples() == 0) {
      err.println("tunelab load: the plan ran no sample; see jmeter.log in the work folder");
      return FAILED;
    }
    if (outcome.failures() > 0) {
      err.println(
          "tunelab load: "
              + outcome.failures()
              + " samples failed, the first: "
              + outcome.firstFailure());
      return FAILED;
    }
    return OK;
  }
}
