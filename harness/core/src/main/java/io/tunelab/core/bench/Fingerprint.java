package io.tunelab.core.bench;

import io.tunelab.core.results.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The kind of machine and the parts a baseline was measured on. Two runs are comparable when the
 * machine is the same kind (CPU model, cores, memory to the nearest GB), the JDK the same feature
 * release and vendor, PostgreSQL the same major version, and Artemis, JMeter and WireMock the same
 * versions (the build pins them). Patch releases of the JDK and PostgreSQL may differ.
 *
 * <p>A fingerprint of the machine alone (probed before any tier starts) has no parts' versions;
 * only the machine is compared then.
 */
public record Fingerprint(
    String cpuModel,
    int cores,
    long memoryGigabytes,
    String jdk,
    String postgresql,
    String artemis,
    String jmeter,
    String wiremock) {
  private static final int MAX_KEY = 120;

  public Fingerprint {
    Objects.requireNonNull(jdk, "jdk");
  }

  /** The machine alone, as probed before any tier starts. */
  public static Fingerprint machine(String cpuModel, int cores, long memoryMegabytes, String jdk) {
    return new Fingerprint(
        cpuModel, cores, gigabytes(memoryMegabytes), jdk, null, null, null, null);
  }

  /** Machine and parts, as a run's environment recorded them. */
  public static Fingerprint of(Environment env) {
    return new Fingerprint(
        env.cpuModel() == null ? "unknown" : env.cpuModel(),
        env.cores(),
        gigabytes(env.memoryMegabytes()),
        env.jdk(),
        env.postgresql(),
        env.artemis(),
        env.jmeter(),
        env.wiremock());
  }

  /**
   * What differs between this (here) and {@code baseline} (there), as "cores: 2 here, 8 in the
   * baseline"; empty when they are comparable. The parts are compared only when both have them.
   */
  public List<String> differences(Fingerprint baseline) {
    List<String> out = new ArrayList<>();
    differ(out, "CPU model", cpuModel, baseline.cpuModel);
    differ(out, "cores", String.valueOf(cores), String.valueOf(baseline.cores));
    differ(
        out,
        "memory (GB)",
        String.valueOf(memoryGigabytes),
        String.valueOf(baseline.memoryGigabytes));
    differ(out, "JDK release", jdkRelease(jdk), jdkRelease(baseline.jdk));
    if (hasParts() && baseline.hasParts()) {
      differ(out, "PostgreSQL major version", major(postgresql), major(baseline.postgresql));
      differ(out, "Artemis", artemis, baseline.artemis);
      differ(out, "JMeter", jmeter, baseline.jmeter);
      differ(out, "WireMock", wiremock, baseline.wiremock);
    }
    return out;
  }

  /**
   * The machine's name among a suite's baselines: its kind in lower-case words, e.g. {@code
   * amd-epyc-7763-64-core-processor-4c-16gb-jdk17-eclipse-adoptium}. Machines that compare (same
   * CPU model, cores, memory to the GB, JDK feature release and vendor) share it; the parts'
   * versions are not in it (they are known only once a stack is up).
   */
  public String machineKey() {
    String words =
        String.join(
            " ",
            cpuModel == null ? "unknown" : cpuModel,
            cores + "c",
            memoryGigabytes + "gb",
            "jdk" + jdkRelease(jdk));
    String key =
        words.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    return key.length() <= MAX_KEY ? key : key.substring(0, MAX_KEY).replaceAll("-$", "");
  }

  /** Whether it holds the parts' versions (a baseline's always does). */
  public boolean hasParts() {
    return postgresql != null;
  }

  private static void differ(List<String> out, String what, String here, String there) {
    if (!Objects.equals(here, there)) {
      out.add(what + ": " + here + " here, " + there + " in the baseline");
    }
  }

  /** {@code 17 (Debian)} of {@code 17.0.15 (Debian)}: the feature release and the vendor. */
  static String jdkRelease(String jdk) {
    if (jdk == null) {
      return null;
    }
    String version = jdk.split(" ", 2)[0];
    String vendor = jdk.contains(" ") ? jdk.substring(jdk.indexOf(' ')) : "";
    return version.split("[.+-]", 2)[0] + vendor;
  }

  /** {@code 15} of {@code 15.18 (Debian 15.18-0+deb12u1)}. */
  static String major(String version) {
    return version == null ? null : version.split("[. ]", 2)[0];
  }

  private static long gigabytes(long megabytes) {
    return Math.round(megabytes / 1024.0);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s, %d cores, %d GB, JDK %s%s",
        cpuModel,
        cores,
        memoryGigabytes,
        jdk,
        hasParts()
            ? ", PostgreSQL "
                + postgresql
                + ", Artemis "
                + artemis
                + ", JMeter "
                + jmeter
                + ", WireMock "
                + wiremock
            : "");
  }
}
