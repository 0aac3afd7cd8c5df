package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JVM options a run took from its environment: recorded, validated, and said in bold. */
class EnvironmentTest {
  @TempDir Path dir;

  private static Environment environment(Map<String, String> fromEnvironment) {
    return environment(
        fromEnvironment,
        "testcontainers (tunelab/db:15.18, tunelab/broker:2.56.0, tunelab/mocks:3.13.2, built"
            + " here, on the host's network)");
  }

  private static Environment environment(Map<String, String> fromEnvironment, String stack) {
    return new Environment(
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
        Map.of("middleware", List.of("-Xmx2g")),
        fromEnvironment,
        stack);
  }

  private static RunResult run(Environment environment) {
    Repetition rep =
        Repetition.measured(
                1,
                true,
                "all orders accounted for",
                Metrics.of(100, new LatencyMillis(100, 200, 300, 400), 0),
                BatchOrderMeasures.of(new OrderAccounting(10, 10, 0, 0, 0)),
                new Warmup(5, 5, 1000),
                2000,
                "a/rep-1")
            .withLatencyHistogram(RunFilesTest.latencies());
    return new RunResult(
            "20260101-000000-x",
            "x",
            "x.yaml",
            "batch-order",
            "orders/min",
            RunResult.COMPLETE,
            true,
            "2026-01-01T00:00:00Z",
            "2026-01-01T00:01:00Z",
            1,
            "a",
            environment,
            List.of())
        .withStep(
            StepResult.of("a", Map.of(), Map.of("k", "v"), List.of("db"), Map.of(), List.of(rep)));
  }

  @Test
  void theJvmOptionVariablesSetAreTakenInTheirOrderAndBlankOnesAreNot() {
    Map<String, String> env =
        Map.of(
            "_JAVA_OPTIONS", "-Xss2m",
            "JAVA_TOOL_OPTIONS", " -XX:TieredStopAtLevel=1 ",
            "JDK_JAVA_OPTIONS", "  ",
            "JAVA_HOME", "/usr/lib/jvm/java-17");

    assertThat(Environment.jvmOptionsIn(env))
        .containsExactly(
            Map.entry("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1"),
            Map.entry("_JAVA_OPTIONS", "-Xss2m"));
    assertThat(Environment.jvmOptionsIn(Map.of("PATH", "/bin"))).isEmpty();
  }

  @Test
  void aRunWhoseJvmsTookOptionsFromTheEnvironmentRecordsThemAndSaysSoInBold() throws Exception {
    RunFiles.write(dir, run(environment(Map.of("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1"))));

    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFiles.RUN_JSON).toFile());
    assertThat(json.at("/environment/jvmOptionsFromEnvironment/JAVA_TOOL_OPTIONS").asText())
        .isEqualTo("-XX:TieredStopAtLevel=1");
    assertThat(RunJsonSchemaTest.errors(json)).isEmpty();
    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains(
            "**Every JVM of this run also took options from the environment**, which no knob"
                + " shows: `JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1`. Compare it only with runs"
                + " that took the same.");
    assertThat(RunFiles.read(dir).environment().jvmOptionsFromEnvironment())
        .containsEntry("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1");
  }

  /** Runs on containers and on the embedded stack differ in what ran the tiers: each says which. */
  @Test
  void aRunSaysWhatRanItsStack() throws Exception {
    RunFiles.write(dir, run(environment(Map.of())));

    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFiles.RUN_JSON).toFile());
    assertThat(json.at("/environment/stack").asText()).startsWith("testcontainers (tunelab/db");
    assertThat(RunJsonSchemaTest.errors(json)).isEmpty();
    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains(
            "JMeter 5.6.3; the stack testcontainers (tunelab/db:15.18, tunelab/broker:2.56.0,"
                + " tunelab/mocks:3.13.2, built here, on the host's network); commit abc123.");
  }

  /** compare says where two runs were measured apart before its verdicts, and only that. */
  @Test
  void twoRunsOnDifferentStacksOrOptionsAreSaidToDifferInThoseAlone() {
    Environment containers = environment(Map.of("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1"));
    Environment embedded = environment(Map.of(), "embedded");
    RunResult a = run(embedded);
    RunResult b = run(containers);

    assertThat(EnvironmentDifferences.of(a, b))
        .containsExactly(
            "the stack: A embedded; B testcontainers (tunelab/db:15.18, tunelab/broker:2.56.0,"
                + " tunelab/mocks:3.13.2, built here, on the host's network)",
            "the JVM options from the environment: A {}; B"
                + " {JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1}");
    assertThat(RunComparison.text(a, b, RunComparison.compare(a, b)))
        .contains("the runs differ in the stack: A embedded; B testcontainers");
    assertThat(EnvironmentDifferences.of(a, run(embedded))).isEmpty();
    // a run from before the stack was recorded says nothing of it
    Environment unrecorded = environment(Map.of(), null);
    assertThat(EnvironmentDifferences.of(run(unrecorded), b))
        .containsExactly(
            "the JVM options from the environment: A {}; B"
                + " {JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1}");
  }

  @Test
  void aRunWithoutThemSaysNothing() throws Exception {
    RunFiles.write(dir, run(environment(Map.of())));

    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains("Measured on 2 cores")
        .doesNotContain("options from the environment");
  }
}
