package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.stack.TierName;
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
  /** The series' label: the middleware tier. */
  static final String TIER = TierName.MIDDLEWARE.label();

  static final String POOL_WAITERS = "middleware.jdbcThreadsAwaitingConnection";

  private final Supplier<JsonNode> status;

  MiddlewareSource(Supplier<JsonNode> status) {
    this.status = status;
  }

  @Override
  public String name() {
    return TIER;
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    JsonNode now = status.get();
    store.add(
        epochMillis, POOL_WAITERS, TIER, now.path("jdbcThreadsAwaitingConnection").asDouble());
    for (String engine :
        List.of("engineBacklog", "engineCapacity", "engineThreads", "engineBusy")) {
      store.add(epochMillis, "middleware." + engine, TIER, now.path(engine).asDouble());
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
