package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.ExitCodes;
import io.tunelab.core.stack.Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of bad input the command line takes is exit code 2 before anything starts (no tier
 * process, no results folder), with a message naming the problem and the fix: one case per class.
 */
class BadInputCliTest {
  private final InProcessCli cli = new InProcessCli();

  @TempDir Path dir;

  /** An experiment's text and what the refusal must say. */
  record Case(String name, String yaml, String says) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case[] badExperiments() {
    String ladder201 =
        IntStream.rangeClosed(1, 201)
            .mapToObj(i -> "  - name: s" + i)
            .collect(Collectors.joining("\n", "plan: batch-order\nsteps:\n", "\n"));
    String values15 =
        IntStream.rangeClosed(1, 15).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    return new Case[] {
      new Case(
          "an empty step name",
          "plan: batch-order\nsteps: [{name: ''}]\n",
          "steps[0] (): a step name must not be empty (it names the step's results folder)"),
      new Case(
          "a step name of dots",
          "plan: batch-order\nsteps: [{name: a}, {name: '..'}]\n",
          "steps[1] (..): '..' cannot name a folder (only dots)"),
      new Case(
          "two step names that make one folder",
          "plan: batch-order\nsteps: [{name: 'a b'}, {name: 'a_b'}]\n",
          "step names 'a b' and 'a_b' would share the results folder 'a_b'"),
      new Case(
          "two step names that differ only in case",
          "plan: batch-order\nsteps: [{name: Fast}, {name: fast}]\n",
          "step names 'Fast' and 'fast' would share the results folder 'fast'"),
      new Case(
          "a step named like the run's own files",
          "plan: batch-order\nsteps: [{name: logs}]\n",
          "'logs' is a name the run's folder keeps for its own files"),
      new Case(
          "a step named like a Windows device",
          "plan: batch-order\nsteps: [{name: nul.txt}]\n",
          "or a device name on Windows (CON, NUL, COM1, LPT1, ...): rename the step"),
      new Case(
          "a second YAML document",
          "plan: batch-order\nsteps: [{name: a}]\n---\nplan: concurrent-soap\nsteps: [{name: b}]\n",
          "holds a second YAML document (from line 4), which tunelab would ignore"),
      new Case(
          "a ladder of more steps than a run takes",
          ladder201,
          "steps: has 201 steps, more than the 200 a run takes: split the ladder"),
      new Case(
          "a matrix of more steps than a run takes",
          "plan: batch-order\nmatrix:\n  middleware.consumers.intake: ["
              + values15
              + "]\n  middleware.consumers.orchestration: ["
              + values15
              + "]\n",
          "matrix: expands to more than 200 steps (the most a run takes)"),
      new Case(
          "a sweep of more steps than a run takes",
          "plan: batch-order\nsweep: {knob: middleware.consumers.intake, from: 1, to: 256, step:"
              + " 1}\n",
          "sweep: expands to more than 200 steps (the most a run takes): use a larger step"),
      new Case(
          "JVM flags that set the heap its knob sets",
          "plan: batch-order\nsteps: [{name: a, knobs: {middleware.jvm.flags: '-Xss1m -Xmx2g'}}]\n",
          "middleware.jvm.flags sets -Xmx2g, which middleware.jvm.heapMegabytes sets too"),
      new Case(
          "JVM flags that pick another collector than the knob",
          "plan: batch-order\nknobs: {middleware.jvm.collector: parallel, middleware.jvm.flags:"
              + " '-XX:+UseZGC'}\nsteps: [{name: a}]\n",
          "selects another collector (-XX:+UseZGC) than middleware.jvm.collector=parallel"),
      new Case(
          "broker JVM flags that set the heap its knob sets",
          "plan: batch-order\nsteps: [{name: a, knobs: {broker.jvm.flags: -Xmx4g}}]\n",
          "broker.jvm.flags sets -Xmx4g, which broker.jvm.heapMegabytes sets too"),
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badExperiments")
  void runRefusesBeforeStartingAnything(Case bad) throws Exception {
    Path experiment = dir.resolve("bad.yaml");
    Files.writeString(experiment, bad.yaml());
    Path out = dir.resolve("results");

    int code = cli.execute("run", experiment.toString(), "--out", out.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains(bad.says()).contains(experiment.toString());
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void runRefusesAResultsFolderUnderAFile() throws Exception {
    Path experiment = dir.resolve("fine.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps: [{name: a}]\n");
    Path file = Files.writeString(dir.resolve("notes.txt"), "not a folder");

    int code =
        cli.execute("run", experiment.toString(), "--out", file.resolve("results").toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains(file + " is a file, not a folder")
        .contains("give --out a folder (it is made when missing)");
    assertThat(ProcessHandle.current().children()).isEmpty();
  }

  @Test
  void threadsOfAFolderWithoutARunningMiddlewareOrOfNoFolderAreRefused() {
    assertThat(cli.execute("threads", dir.toString())).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("no middleware JVM of " + dir + " is running");
    assertThat(cli.execute("threads", dir.resolve("absent").toString()))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("no run folder at " + dir.resolve("absent"));
    assertThat(dir.resolve(ThreadsCommand.FOLDER)).doesNotExist();
  }

  @Test
  void tuneRefusesANoBudgetAnUnknownKnobToKeepAndABadExperimentBeforeStartingAnything()
      throws Exception {
    Path experiment = dir.resolve("fine.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps: [{name: a}]\n");
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "plan: batch-order\nsteps: [{name: a, knobs: {no.such.knob: 1}}]\n");
    Path out = dir.resolve("results");

    assertThat(cli.execute("tune", experiment.toString(), "--budget", "0", "--out", out.toString()))
        .as(cli.err())
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("--budget is 1 trial or more");
    assertThat(cli.execute("tune", experiment.toString(), "--goal", "fast"))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains("--goal is one of throughput, p99, deadline-misses, cost; was 'fast'");
    // a goal the plan does not measure: the sort hub's deadline, on a batch of orders
    assertThat(
            cli.execute(
                "tune",
                experiment.toString(),
                "--goal",
                "deadline-misses",
                "--out",
                out.toString()))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains(experiment + ": --goal deadline-misses reads the answers' deadline")
        .contains("plan, batch-order, has none")
        .contains("a plan with a deadline (sort-requests)");
    // --resume of a folder that holds no tune
    assertThat(cli.execute("tune", experiment.toString(), "--resume", dir.toString()))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("no tune.json there: give the folder of a tune");
    assertThat(cli.execute("tune", experiment.toString(), "--keep", "no.such.knob"))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("no.such.knob");
    assertThat(cli.execute("tune", bad.toString(), "--out", out.toString()))
        .isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("no.such.knob").contains(bad.toString());
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void stackUpRefusesTwoTiersOnOnePort() {
    int code = cli.execute("stack", "up", "--db-port", "45555", "--broker-port", "45555");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains("--db-port and --broker-port both ask for port 45555")
        .contains("give each tier a port of its own");
    assertThat(ProcessHandle.current().children()).isEmpty();
  }

  @Test
  void everyBackEndsMockHasItsPortOptionAndTwoMocksCannotShareAPort() {
    assertThat(cli.execute("stack", "up", "--help")).isZero();
    for (Backend backend : Backend.values()) {
      assertThat(cli.out()).contains("--" + backend.label() + "-port=PORT");
    }

    int code = cli.execute("stack", "up", "--brm-port", "45556", "--driver-port", "45556");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("--brm-port and --driver-port both ask for port 45556");
    assertThat(ProcessHandle.current().children()).isEmpty();
  }

  @Test
  void stackUpRefusesBrokerFlagsThatSetTheHeapItsKnobSets() {
    int code = cli.execute("stack", "up", "--set", "broker.jvm.flags=-XX:MaxHeapSize=2g");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("broker.jvm.flags sets -XX:MaxHeapSize=2g");
    assertThat(ProcessHandle.current().children()).isEmpty();
  }

  @Test
  void runRefusesABrokerDiskLimitTheDiskAlreadyPassedNamingTheStep() throws Exception {
    Path experiment = dir.resolve("disk.yaml");
    Files.writeString(
        experiment,
        "plan: batch-order\nsteps: [{name: a}, {name: full, knobs: {broker.maxDiskUsagePercent:"
            + " 0}}]\n");
    Path out = dir.resolve("results");

    int code = cli.execute("run", experiment.toString(), "--out", out.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains("broker.maxDiskUsagePercent=0 (step full) is at or under the")
        .contains("of the broker's file system already in use");
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void stackUpRefusesABrokerDiskLimitTheDiskAlreadyPassed() {
    int code = cli.execute("stack", "up", "--set", "broker.maxDiskUsagePercent=0");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains("broker.maxDiskUsagePercent=0 is at or under the")
        .contains("would block every producer")
        .contains("or -1: never block");
    assertThat(ProcessHandle.current().children()).isEmpty();
  }

  @Test
  void runRefusesAnExternalEndpointWithoutAHost() throws Exception {
    Path experiment = dir.resolve("fine.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps: [{name: a}]\n");
    Path endpoints = dir.resolve("endpoints.yaml");
    Files.writeString(
        endpoints,
        """
        db: jdbc:postgresql:///tunelab
        broker: tcp://127.0.0.1:61616
        mocks: {siebel: 'http://127.0.0.1:8091', brm: 'http://127.0.0.1:8092'}
        """);
    Path out = dir.resolve("results");

    int code =
        cli.execute(
            "run",
            experiment.toString(),
            "--provider",
            "external",
            "--endpoints",
            endpoints.toString(),
            "--out",
            out.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains("db has no host ('jdbc:postgresql:///tunelab')")
        .contains("e.g. jdbc:postgresql://127.0.0.1:5432/tunelab");
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }
}
