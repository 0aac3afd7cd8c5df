package io.tunelab.middleware.sort;

import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.SettingsReader;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.http.WorkerServer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sort hub's sort-request endpoint: {@code POST http://127.0.0.1:<port>}{@value #PATH} with the
 * 2,000-character request as the body, served by exactly {@code sort.serverThreads} worker threads
 * ({@link WorkerServer}), each request in one transaction on the pooled datasource.
 */
public final class SortServer implements AutoCloseable {
  /** The service's path. */
  public static final String PATH = "/sort";

  private final WorkerServer server;
  private final MiddlewareSettings.Sort settings;
  private final SortCounters counters;

  private SortServer(WorkerServer server, MiddlewareSettings.Sort settings, SortCounters counters) {
    this.server = server;
    this.settings = settings;
    this.counters = counters;
  }

  /** Serves sort requests on {@code settings.port()} (0: a free port). */
  public static SortServer start(MiddlewareSettings.Sort settings, Pool pool) {
    SortCounters counters = new SortCounters();
    SortService service = new SortService(pool, settings, counters);
    WorkerServer server =
        WorkerServer.start(
            "sort", "sort.port", settings.port(), PATH, settings.serverThreads(), service::answer);
    return new SortServer(server, settings, counters);
  }

  /** The endpoint's URL, e.g. {@code http://127.0.0.1:41236/sort}. */
  public String url() {
    return server.url();
  }

  /** What {@code /status} shows under {@code sort}. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>(server.status());
    status.put("parseIn", SettingsReader.spelling(settings.parseIn()));
    status.put("sql", SettingsReader.spelling(settings.sql()));
    status.putAll(counters.asMap());
    return status;
  }

  @Override
  public void close() {
    server.close();
  }
}
