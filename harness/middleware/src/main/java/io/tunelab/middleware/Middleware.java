package io.tunelab.middleware;

import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.status.StatusServer;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/** The running middleware: its stages, their consumers, and the status endpoint. */
public final class Middleware implements AutoCloseable {
  private final MiddlewareSettings settings;
  private StatusServer status;

  private Middleware(MiddlewareSettings settings) {
    this.settings = settings;
  }

  /** Connects to the database, the broker and the back-ends, and starts consuming. */
  public static Middleware start(MiddlewareSettings settings) {
    Middleware middleware = new Middleware(settings);
    middleware.status = StatusServer.start(settings.httpPort(), middleware::status);
    return middleware;
  }

  /** Port of the status endpoint. */
  public int statusPort() {
    return status.port();
  }

  private Object status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("pid", ProcessHandle.current().pid());
    status.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
    status.put("settings", settings);
    return status;
  }

  @Override
  public void close() {
    if (status != null) {
      status.close();
    }
  }
}
