package io.tunelab.tiers.jmeter;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The load generator on this host: runs a JMeter plan in the load tier's own JVM ({@code
 * harness/load}, {@code io.tunelab.load.LoadMain}), waits for its end and leaves no process behind:
 * on timeout, interruption or any failure the JVM is killed.
 */
public final class LocalJmeter implements LoadGenerator {
  public static final String NAME = TierName.LOAD.label();

  /** Heap for the load JVM: a batch builds one order at a time per thread. */
  public static final List<String> DEFAULT_JVM_FLAGS = List.of("-Xms128m", "-Xmx512m");

  /** The folder, beside the JTL, of JMeter's HTML dashboard when a run asks for one. */
  public static final String DASHBOARD_DIR = RunLayout.DASHBOARD;

  private static final Duration STOP_GRACE = Duration.ofSeconds(5);

  /**
   * A secret plan property goes to the load JVM as an environment variable of this prefix and its
   * name ({@code io.tunelab.load.LoadArgs} reads them), never as {@code -J} on its command line.
   */
  static final String SECRET_PROPERTY_PREFIX = "TUNELAB_LOAD_SECRET_";

  private final TunelabHome home;
  private final List<String> jvmFlags;
  private final OptionalLong owner;

  /**
   * @param owner the process whose death ends the load JVM; empty for none
   */
  public LocalJmeter(TunelabHome home, List<String> jvmFlags, OptionalLong owner) {
    this.home = home;
    this.jvmFlags = List.copyOf(jvmFlags);
    this.owner = owner;
  }

  /** A runner for this checkout, owned by this JVM. */
  public static LocalJmeter owned() {
    return new LocalJmeter(
        TunelabHome.locate(), DEFAULT_JVM_FLAGS, OptionalLong.of(ProcessHandle.current().pid()));
  }

  /**
   * Runs {@code plan} in the load tier's JVM.
   *
   * @param dir the run's folder: {@code results.jtl}, {@code load.log}, {@code jmeter.log}
   * @param timeout the longest the run may take; the JVM is killed after it
   * @param dashboard whether JMeter's HTML dashboard is generated into {@value #DASHBOARD_DIR}
   * @throws BadInputException when the load tier refuses the plan or a property (exit status 2),
   *     with its words
   * @throws IllegalStateException when the run does not end within {@code timeout}
   */
  @Override
  public LoadRun run(LoadPlan plan, Path dir, Duration timeout, boolean dashboard) {
    try (RunningLoad running = launch(plan, dir, timeout, dashboard, false)) {
      return running.await();
    }
  }

  /**
   * Starts {@code plan} in a load JVM of its own and returns at once: the run ends at the plan's
   * end or soon after {@link RunningLoad#stop}, and is killed at {@code timeout}.
   */
  @Override
  public RunningLoad start(LoadPlan plan, Path dir, Duration timeout) {
    return launch(plan, dir, timeout, false, true);
  }

  private RunningLoad launch(
      LoadPlan plan, Path dir, Duration timeout, boolean dashboard, boolean stoppable) {
    Path work = dir.toAbsolutePath().normalize();
    Path log = work.resolve(RunLayout.LOAD_LOG);
    deleteOld(log);
    List<String> args = new ArrayList<>(arguments(home, plan, work, dashboard));
    Path stopFile = work.resolve(RunningLoad.STOP_FILE);
    deleteOld(stopFile);
    if (stoppable) {
      args.addAll(List.of("--stop-file", stopFile.toString()));
    }
    Map<String, String> env = new java.util.LinkedHashMap<>();
    secrets(plan).forEach((name, value) -> env.put(SECRET_PROPERTY_PREFIX + name, value));
    JavaCommand.Launch launch =
        JavaCommand.withClassArchive(home.dist(NAME), jvmFlags, owner, args);
    long started = System.nanoTime();
    TierProcess process = launch.start(NAME, work, log, env);
    return new RunningLoad(process, work, stopFile, timeout, started);
  }

  /** A load run that did not end in time, and was stopped. */
  static IllegalStateException timedOut(Duration timeout, Path log) {
    return new IllegalStateException(
        "the load run did not end within "
            + timeout.toSeconds()
            + " s; stopped it (log: "
            + log
            + ")");
  }

  /**
   * The load tier's arguments for one run of {@code plan}: plan, JTL and work folder, sample
   * variables, dashboard, and each plan property but the secret ones as {@code -J}.
   */
  static List<String> arguments(TunelabHome home, LoadPlan plan, Path work, boolean dashboard) {
    Path file = home.plans().resolve(plan.file()).toAbsolutePath();
    List<String> args = new ArrayList<>(List.of("--plan", file.toString()));
    args.addAll(
        List.of("--jtl", work.resolve(RunLayout.JTL).toString(), "--work", work.toString()));
    if (!plan.sampleVariables().isEmpty()) {
      args.addAll(List.of("--sample-variables", String.join(",", plan.sampleVariables())));
    }
    if (dashboard) {
      args.addAll(List.of("--report", work.resolve(DASHBOARD_DIR).toString()));
    }
    plan.properties()
        .forEach(
            (name, value) -> {
              if (!plan.secret().contains(name)) {
                args.add("-J" + name + "=" + value);
              }
            });
    return args;
  }

  /** The plan's secret properties, never on a command line. */
  static Map<String, String> secrets(LoadPlan plan) {
    Map<String, String> secrets = new java.util.LinkedHashMap<>();
    plan.properties()
        .forEach(
            (name, value) -> {
              if (plan.secret().contains(name)) {
                secrets.put(name, value);
              }
            });
    return secrets;
  }

  /**
   * JMeter's HTML dashboard of each JTL written earlier, in one load JVM ({@code jmeter -g JTL -o
   * DIR} for each): JMeter's own report generator reads the JTLs.
   *
   * @param jobs each JTL and the folder its dashboard goes to (replaced)
   * @param work where the load JVM's log and its JMeter home go
   * @return whether every dashboard was written; the log says why one was not
   */
  public boolean dashboards(Map<Path, Path> jobs, Path work, Duration timeout) {
    if (jobs.isEmpty()) {
      return true;
    }
    Path dir = work.toAbsolutePath().normalize();
    Path log = dir.resolve(RunLayout.LOAD_LOG);
    deleteOld(log);
    List<String> args = new ArrayList<>(List.of("dashboards", "--work", dir.toString()));
    jobs.forEach((jtl, out) -> args.addAll(List.of(jtl.toString(), out.toString())));
    TierProcess process =
        JavaCommand.withClassArchive(home.dist(NAME), jvmFlags, owner, args)
            .start(NAME, dir, log, Map.of());
    try {
      if (!process.waitFor(timeout)) {
        throw new IllegalStateException(
            "JMeter's dashboards took over "
                + timeout.toSeconds()
                + " s; stopped (log: "
                + log
                + ")");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while JMeter wrote its dashboards", e);
    } finally {
      process.stop(STOP_GRACE);
    }
    return process.exitValue() == 0;
  }

  /** The load tier's own messages ("tunelab load: ..."), or the log tail when it wrote none. */
  static String loadSays(Path log) {
    try {
      String said =
          Files.readAllLines(log).stream()
              .filter(line -> line.startsWith("tunelab load: "))
              .map(line -> line.substring("tunelab load: ".length()))
              .collect(Collectors.joining("; "));
      return said.isEmpty() ? TierProcess.tail(log, 15) : said;
    } catch (IOException e) {
      return "the load tier refused its input, and its log cannot be read: " + e.getMessage();
    }
  }

  static void deleteOld(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new IllegalStateException("cannot remove the old " + file, e);
    }
  }
}
