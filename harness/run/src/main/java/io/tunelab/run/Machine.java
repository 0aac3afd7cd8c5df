package io.tunelab.run;

import io.tunelab.core.bench.Fingerprint;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What this machine is, as a run's environment and a baseline's fingerprint record it. */
public final class Machine {
  private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

  private Machine() {}

  /** The machine's part of a fingerprint, known before any tier starts. */
  public static Fingerprint fingerprint() {
    return Fingerprint.machine(cpuModel(), cores(), memoryMegabytes(), jdk());
  }

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** The first {@code model name} of {@code /proc/cpuinfo}; {@code unknown} without one. */
  static String cpuModel() {
    try {
      List<String> lines = Files.readAllLines(CPU_INFO, StandardCharsets.UTF_8);
      return lines.stream()
          .filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).strip())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  static long memoryMegabytes() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize() / (1024 * 1024);
    }
    return 0;
  }

  static String jdk() {
    return System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")";
  }
}
