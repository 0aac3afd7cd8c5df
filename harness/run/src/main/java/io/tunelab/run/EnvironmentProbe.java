package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.Environment;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.middleware.MiddlewareConfig;
import io.tunelab.tiers.stack.StackConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where a run is measured: the checkout's commit, each part's version as the part reports it (or as
 * its jar is named), the machine, and the JVM flags of each tier.
 */
final class EnvironmentProbe {
  private EnvironmentProbe() {}

  static Environment collect(
      TunelabHome home, Endpoints endpoints, KnobSet knobs, String stackProvider) {
    StackConfig stack = StackConfig.from(knobs);
    Map<String, List<String>> flags = new LinkedHashMap<>();
    flags.put(TierName.BROKER.label(), stack.broker().jvmFlags());
    flags.put(TierName.MOCKS.label(), stack.mocks().jvmFlags());
    flags.put(TierName.MIDDLEWARE.label(), MiddlewareConfig.from(knobs).jvmFlags());
    flags.put(TierName.LOAD.label(), ExperimentRunner.LOAD_JVM_FLAGS);
    return new Environment(
        gitCommit(home.root()),
        Machine.jdk(),
        Database.of(endpoints).serverVersion(),
        artemis(endpoints),
        jarVersion(home.root().resolve("harness/mocks/target/dist/lib"), "wiremock-standalone-"),
        jarVersion(home.root().resolve("harness/load/target/dist/lib"), "ApacheJMeter_core-"),
        Machine.cores(),
        Machine.cpuModel(),
        Machine.memoryMegabytes(),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        flags,
        Environment.jvmOptionsIn(System.getenv()),
        stackProvider);
  }

  private static String artemis(Endpoints endpoints) {
    try (BrokerManagement management = BrokerManagement.of(endpoints)) {
      return String.valueOf(management.brokerAttribute("version"));
    }
  }

  /** The version in a library jar's name, e.g. 3.13.2 of wiremock-standalone-3.13.2.jar. */
  static String jarVersion(Path lib, String prefix) {
    try (Stream<Path> jars = Files.list(lib)) {
      return jars.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(prefix) && n.endsWith(".jar"))
          .map(n -> n.substring(prefix.length(), n.length() - ".jar".length()))
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** HEAD's commit, with {@code -dirty} when the checkout has changes; unknown without git. */
  static String gitCommit(Path root) {
    String head = git(root, "rev-parse", "HEAD");
    if (head.isEmpty()) {
      return "unknown";
    }
    String changes = git(root, "status", "--porcelain", "--untracked-files=no");
    return changes.isEmpty() ? head : head + "-dirty";
  }

  private static String git(Path root, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return "";
      }
      return process.exitValue() == 0 ? out.strip() : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
