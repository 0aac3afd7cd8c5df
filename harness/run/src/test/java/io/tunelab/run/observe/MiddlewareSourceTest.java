package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.findings.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

class MiddlewareSourceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theFetchersCountsAreSeriesOnlyWhenTheMiddlewareHasFetchers() throws Exception {
    SeriesStore withFetchers = new SeriesStore();
    new MiddlewareSource(
            () ->
                List.of(
                    read(
                        "{\"engineBacklog\": 2, \"stages\": {\"intake\": {\"forwarded\": 7}},"
                            + " \"fetcher\": {\"fetchers\": 3, \"polls\": 40,"
                            + " \"emptyPolls\": 31, \"picked\": 18}}")))
        .sample(1_000, withFetchers);
    SeriesStore withoutFetchers = new SeriesStore();
    new MiddlewareSource(() -> List.of(read("{\"engineBacklog\": 2}")))
        .sample(1_000, withoutFetchers);

    assertThat(withFetchers.points("middleware.fetcher.polls", "middleware"))
        .extracting(Point::value)
        .containsExactly(40.0);
    assertThat(withFetchers.points("middleware.fetcher.emptyPolls", "middleware"))
        .extracting(Point::value)
        .containsExactly(31.0);
    assertThat(withFetchers.points("middleware.fetcher.picked", "middleware"))
        .extracting(Point::value)
        .containsExactly(18.0);
    assertThat(withFetchers.points("middleware.forwarded", "intake"))
        .extracting(Point::value)
        .containsExactly(7.0);
    assertThat(withoutFetchers.points("middleware.fetcher.polls", "middleware")).isEmpty();
  }

  /**
   * Each instance's engine, pool and fetchers under its own label, so that a saturated consuming
   * instance is not averaged with an idle answering one; the stages' counts are the flow's, summed.
   */
  @Test
  void eachInstanceIsASeriesOfItsOwnAndTheStagesAreSummed() {
    SeriesStore store = new SeriesStore();
    new MiddlewareSource(
            () ->
                List.of(
                    read(
                        "{\"engineThreads\": 8, \"engineBusy\": 8,"
                            + " \"jdbcThreadsAwaitingConnection\": 3, \"jdbcConnectionRefusals\": 1,"
                            + " \"stages\": {\"intake\": {\"forwarded\": 7}}}"),
                    read(
                        "{\"engineThreads\": 8, \"engineBusy\": 0,"
                            + " \"jdbcThreadsAwaitingConnection\": 0, \"jdbcConnectionRefusals\": 2,"
                            + " \"stages\": {\"intake\": {\"forwarded\": 5}}}")))
        .sample(1_000, store);

    assertThat(store.points("middleware.engineBusy", "middleware"))
        .extracting(Point::value)
        .containsExactly(8.0);
    assertThat(store.points("middleware.engineBusy", "middleware-2"))
        .extracting(Point::value)
        .containsExactly(0.0);
    assertThat(store.points(MiddlewareSource.POOL_WAITERS, "middleware-2"))
        .extracting(Point::value)
        .containsExactly(0.0);
    assertThat(store.points("middleware.forwarded", "intake"))
        .extracting(Point::value)
        .containsExactly(12.0);
    assertThat(store.labels("middleware.engineThreads"))
        .containsExactly("middleware", "middleware-2");
  }

  private static com.fasterxml.jackson.databind.JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
