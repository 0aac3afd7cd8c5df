package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.stack.TierName;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The middleware's {@code /status}: series {@code middleware.jdbcThreadsAwaitingConnection}, {@code
 * middleware.jdbcConnectionRefusals} (connections the database refused its pool since it started),
 * {@code middleware.engineBacklog}, {@code .engineCapacity}, {@code .engineThreads} and {@code
 * .engineBusy} (label {@code middleware}; with several instances each under its own label, {@code
 * middleware-2} and on for the second and the next), {@code middleware.forwarded} (label: stage;
 * messages each stage passed on since the middleware started), and with fetcher intake {@code
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

  private final Supplier<List<JsonNode>> statuses;

  /**
   * @param statuses every instance's {@code /status}, the first instance's first
   */
  MiddlewareSource(Supplier<List<JsonNode>> statuses) {
    this.statuses = statuses;
  }

  /**
   * The series' label for instance {@code index} (0-based): {@value #TIER} for the first, as with
   * one instance, {@code middleware-2} and on for the others.
   */
  static String label(int index) {
    return index == 0 ? TIER : TIER + "-" + (index + 1);
  }

  /** Whether {@code label} names an instance's series. */
  static boolean isInstance(String label) {
    return label.equals(TIER) || label.startsWith(TIER + "-");
  }

  @Override
  public String name() {
    return TIER;
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    List<JsonNode> all = statuses.get();
    Map<String, Double> forwarded = new LinkedHashMap<>();
    for (int i = 0; i < all.size(); i++) {
      JsonNode now = all.get(i);
      sampleInstance(epochMillis, store, now, label(i));
      Iterator<Map.Entry<String, JsonNode>> stages = now.path("stages").fields();
      while (stages.hasNext()) {
        Map.Entry<String, JsonNode> stage = stages.next();
        forwarded.merge(stage.getKey(), stage.getValue().path("forwarded").asDouble(), Double::sum);
      }
    }
    // a stage's messages are the flow's, whichever instance passed them on
    forwarded.forEach(
        (stage, count) -> store.add(epochMillis, "middleware.forwarded", stage, count));
  }

  /**
   * One instance's engine, pool and fetchers, under its own label: summed with the others' they
   * would hide a saturated consuming instance beside an idle answering one.
   */
  private static void sampleInstance(
      long epochMillis, SeriesStore store, JsonNode now, String label) {
    store.add(
        epochMillis, POOL_WAITERS, label, now.path("jdbcThreadsAwaitingConnection").asDouble());
    store.add(epochMillis, REFUSALS, label, now.path("jdbcConnectionRefusals").asDouble());
    for (String engine :
        List.of("engineBacklog", "engineCapacity", "engineThreads", "engineBusy")) {
      store.add(epochMillis, "middleware." + engine, label, now.path(engine).asDouble());
    }
    JsonNode fetcher = now.path("fetcher");
    if (!fetcher.isMissingNode()) {
      for (String count : FETCHER_COUNTS) {
        store.add(
            epochMillis, "middleware.fetcher." + count, label, fetcher.path(count).asDouble());
      }
      for (String setting : FETCHER_SETTINGS) {
        store.add(
            epochMillis, "middleware.fetcher." + setting, label, fetcher.path(setting).asDouble());
      }
    }
  }
}
