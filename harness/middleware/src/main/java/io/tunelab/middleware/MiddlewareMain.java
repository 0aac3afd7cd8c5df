package io.tunelab.middleware;

import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.SettingsException;
import io.tunelab.middleware.config.SettingsReader;
import io.tunelab.tiermain.OwnerWatchdog;
import java.nio.file.Path;

/**
 * The middleware process: {@code java -jar tunelab-middleware.jar --config FILE}. Exits 2 on a bad
 * settings file, 1 when a tier it needs cannot be reached; prints {@value #READY_BANNER} once every
 * consumer is registered and the status endpoint answers.
 */
public final class MiddlewareMain {
  /** Printed once the middleware consumes its queues and answers on its status port. */
  public static final String READY_BANNER = "tunelab middleware ready";

  private MiddlewareMain() {}

  public static void main(String[] args) {
    OwnerWatchdog.startFromSystemProperty();
    MiddlewareSettings settings;
    try {
      settings = SettingsReader.read(configPath(args));
    } catch (SettingsException | IllegalArgumentException e) {
      System.err.println("tunelab middleware: " + e.getMessage());
      System.exit(2);
      return;
    }
    Middleware middleware;
    try {
      middleware = Middleware.start(settings);
    } catch (SettingsException e) {
      System.err.println("tunelab middleware: " + e.getMessage());
      System.exit(2);
      return;
    } catch (RuntimeException e) {
      e.printStackTrace();
      System.err.println("tunelab middleware: cannot start: " + e);
      System.exit(1);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(middleware::close, "tunelab-middleware-stop"));
    System.out.println(
        READY_BANNER
            + ": status http://127.0.0.1:"
            + middleware.statusPort()
            + " (pid "
            + ProcessHandle.current().pid()
            + ")");
  }

  private static Path configPath(String[] args) {
    if (args.length == 2 && args[0].equals("--config")) {
      return Path.of(args[1]);
    }
    throw new IllegalArgumentException("usage: tunelab-middleware --config FILE");
  }
}
