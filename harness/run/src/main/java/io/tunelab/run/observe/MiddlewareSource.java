package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.stack.TierName;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The middleware's {@code /status}: series {@code middleware.jdbcThreadsAwaitingConnection}, {@code
 * middleware.jdbcConnectionRefusals} (connections the database refused its pool since it started),
 * {@code middleware.engineBacklog}, {@code .engineCapacity}, {@code .engineThreads} and {@code
 * .engineBusy} (label {@code middleware}), {@code middleware.forwarded} (label: stage; messages
 * each stage passed on since the middleware started), and with fetcher intake {@code
 * middleware.fetcher.polls}, {@code .emptyPolls} and {@code .picked} (label {@code middleware};
 * counts since the middleware started, over all its fetchers: their rise per second is the poll
 * rate, and empty polls over polls the churn of polling an empty inbox), with the number of
 * fetchers and their triple {@code .fetchers}, {@code .pollingMillis}, {@code .submitMillis} and
 * {@code .poolSize}.
 */
final class MiddlewareSource implements Source {
  /** The series' label: the middleware tier. */
  static final String TIER = TierName.MIDDLEWARE.label();

  static final String POOL_WAITERS = "middleware.jdbcThreadsAwaitingConnection";
  static final String REFUSALS = "middleware.jdbcConnectionRefusals";
  static final List<String> FETCHER_COUNTS = List.of("polls", "emptyPolls", "picked");
  static final List<String> FETCHER_SETTINGS =
      List.of("fetchers", "pollingMillis", "submitMillis", "poolSize");

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
    store.add(epochMillis, REFUSALS, TIER, now.path("jdbcConnectionRefusals").asDouble());
    for (String engine :
        List.of("engineBacklog", "engineCapacity", "engineThreads", "engineBusy")) {
      store.add(epochMillis, "middleware." + engine, TIER, now.path(engine).asDouble());
    }
    JsonNode fetcher = now.path("fetcher");
    if (!fetcher.isMissingNode()) {
      for (String count : FETCHER_COUNTS) {
        store.add(epochMillis, "middleware.fetcher." + count, TIER, fetcher.path(count).asDouble());
      }
      for (String setting : FETCHER_SETTINGS) {
        store.add(
            epochMillis, "middleware.fetcher." + setting, TIER, fetcher.path(setting).asDouble());
      }
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
