package io.tunelab.tiers.jmeter;

import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The load generator the ITs of one test JVM share: one load JVM for all their plans, as a run has
 * one, instead of a JVM's start-up per plan (4-5 s of CPU each on the 2-core machine verify runs
 * on). Closed when the test JVM exits; a test that needs a load JVM of its own (its owner, its CPU)
 * starts one.
 */
public final class TestLoad {
  private static JmeterServer shared;
  private static JmeterEngines engines;

  private TestLoad() {}

  public static synchronized LoadGenerator shared() {
    return server();
  }

  /**
   * The shared load JVM as the controller of {@code count} JMeter engines, which the test JVM's ITs
   * share too.
   */
  public static synchronized LoadGenerator onEngines(int count) {
    return configured(count, "", "");
  }

  /**
   * The shared load JVM on {@code count} shared engines, its plans sending their live metrics to
   * {@code influxdbUrl} (none when empty).
   */
  public static synchronized LoadGenerator configured(
      int count, String influxdbUrl, String application) {
    if (engines == null) {
      try {
        engines =
            new JmeterEngines(
                TunelabHome.locate(),
                LocalJmeter.DEFAULT_JVM_FLAGS,
                OptionalLong.of(ProcessHandle.current().pid()),
                Files.createDirectories(Path.of("target/it/load-engines")));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(engines::close, "test-engines-close"));
    }
    return server().configured(count, engines, "", influxdbUrl, application);
  }

  /** The folder the shared engines write their logs in. */
  public static Path enginesDir() {
    return Path.of("target/it/load-engines").toAbsolutePath();
  }

  private static JmeterServer server() {
    if (shared == null) {
      try {
        Path dir = Files.createDirectories(Path.of("target/it/load-server"));
        shared =
            new JmeterServer(
                TunelabHome.locate(),
                LocalJmeter.DEFAULT_JVM_FLAGS,
                OptionalLong.of(ProcessHandle.current().pid()),
                dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "test-load-close"));
    }
    return shared;
  }
}
