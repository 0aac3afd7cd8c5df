package io.tunelab.core.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What differs between where two runs were measured that a comparison of their numbers carries
 * along: what ran the stack, the parts' versions, the machine, the JVM options taken from the
 * environment. A difference in these is a difference in the numbers that no knob explains; the
 * compare command says each before its verdicts. Runs from before a part was recorded say nothing
 * of it.
 */
public final class EnvironmentDifferences {
  private record Part(String name, Function<Environment, Object> value) {}

  private static final List<Part> PARTS =
      List.of(
          new Part("the stack", Environment::stack),
          new Part("the machine", env -> env.cores() + " cores, " + env.cpuModel()),
          new Part("the JDK", Environment::jdk),
          new Part("PostgreSQL", Environment::postgresql),
          new Part("Artemis", Environment::artemis),
          new Part("WireMock", Environment::wiremock),
          new Part("JMeter", Environment::jmeter),
          new Part("the JVM options from the environment", Environment::jvmOptionsFromEnvironment));

  private EnvironmentDifferences() {}

  /** One line per part that differs, e.g. "the stack: A embedded; B testcontainers (...)". */
  public static List<String> of(RunResult a, RunResult b) {
    List<String> lines = new ArrayList<>();
    if (a.environment() == null || b.environment() == null) {
      return lines;
    }
    for (Part part : PARTS) {
      Object valueA = part.value().apply(a.environment());
      Object valueB = part.value().apply(b.environment());
      if (valueA != null && valueB != null && !Objects.equals(valueA, valueB)) {
        lines.add(part.name() + ": A " + valueA + "; B " + valueB);
      }
    }
    return lines;
  }
}
