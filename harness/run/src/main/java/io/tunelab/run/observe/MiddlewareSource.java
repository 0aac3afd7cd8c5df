package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The middleware's {@code /status}: series {@code middleware.jdbcThreadsAwaitingConnection}, {@code
 * middleware.engineBacklog}, {@code .engineCapacity}, {@code .engineThreads} and {@code
 * .engineBusy} (label {@code middleware}), and {@code middleware.forwarded} (label: stage; messages
 * each stage passed on since the middleware started).
 */
final class MiddlewareSource implements Source {
  static final String POOL_WAITERS = "middleware.jdbcThreadsAwaitingConnection";

  private final Supplier<JsonNode> status;

  MiddlewareSource(Supplier<JsonNode> status) {
    this.status = status;
  }

  @Override
  public String name() {
    return "middleware";
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    JsonNode now = status.get();
    store.add(
        epochMillis,
        POOL_WAITERS,
        "middleware",
        now.path("jdbcThreadsAwaitingConnection").asDouble());
    for (String engine :
        List.of("engineBacklog", "engineCapacity", "engineThreads", "engineBusy")) {
      store.add(epochMillis, "middleware." + engine, "middleware", now.path(engine).asDouble());
    }
    Iterator<Map.Entry<String, JsonNode>> stages = now.path("stages").fields();
    while (stages.hasNext()) {
      Map.Entry<String, JsonNode> stage = stages.next();
      store.add(
          epochMillis,
          "middleware.forwarded",
          stage.getKey(),
          stage.getValue().path("forwarded").asDouble());
    }
  }
}
