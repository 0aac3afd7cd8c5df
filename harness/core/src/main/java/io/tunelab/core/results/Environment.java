package io.tunelab.core.results;

import java.util.List;
import java.util.Map;

/**
 * Where a run was measured: the code, the parts' versions and the machine.
 *
 * @param gitCommit the checkout's commit ({@code -dirty} when it has uncommitted changes), or
 *     {@code unknown}
 * @param jdk the controller's Java version and vendor (every tier JVM runs the same)
 * @param postgresql the server's {@code server_version}
 * @param artemis the broker's reported version
 * @param wiremock version of the WireMock the mocks run
 * @param jmeter version of the JMeter the load tier runs
 * @param cores processors the controller's JVM sees
 * @param cpuModel the processor's model name ({@code /proc/cpuinfo}), {@code unknown} when the
 *     machine does not say; null in runs before it was recorded
 * @param memoryMegabytes physical memory of the machine, MB (0 when unknown)
 * @param os operating system name, version and architecture
 * @param jvmFlags JVM flags per tier JVM ({@code broker}, {@code mocks}, {@code middleware}, {@code
 *     load}), as the first step ran them
 * @param jvmOptionsFromEnvironment options every JVM of the run (the controller's and each tier's)
 *     took from the controller's environment, by variable ({@code JAVA_TOOL_OPTIONS}, {@code
 *     JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS}): they change what every tier runs without showing
 *     in any knob (e.g. {@code -XX:TieredStopAtLevel=1} leaves out the JIT's optimizing compiler);
 *     empty when none, null in runs before it was recorded
 * @param stack what ran the db, broker and mocks: the provider ({@code embedded}, {@code external},
 *     {@code testcontainers} with its images); null in runs before it was recorded
 */
public record Environment(
    String gitCommit,
    String jdk,
    String postgresql,
    String artemis,
    String wiremock,
    String jmeter,
    int cores,
    String cpuModel,
    long memoryMegabytes,
    String os,
    Map<String, List<String>> jvmFlags,
    Map<String, String> jvmOptionsFromEnvironment,
    String stack) {

  /** The variables through which the JVM takes options from its environment. */
  public static final List<String> JVM_OPTION_VARIABLES =
      List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  /** Those of {@link #JVM_OPTION_VARIABLES} set to something in {@code env}, in that order. */
  public static Map<String, String> jvmOptionsIn(Map<String, String> env) {
    Map<String, String> set = new java.util.LinkedHashMap<>();
    for (String name : JVM_OPTION_VARIABLES) {
      String value = env.get(name);
      if (value != null && !value.isBlank()) {
        set.put(name, value.strip());
      }
    }
    return set;
  }
}
