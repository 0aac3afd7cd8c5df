package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.findings.Point;
import org.junit.jupiter.api.Test;

class MiddlewareSourceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theFetchersCountsAreSeriesOnlyWhenTheMiddlewareHasFetchers() throws Exception {
    SeriesStore withFetchers = new SeriesStore();
    new MiddlewareSource(
            () ->
                read(
                    "{\"engineBacklog\": 2, \"stages\": {\"intake\": {\"forwarded\": 7}},"
                        + " \"fetcher\": {\"fetchers\": 3, \"polls\": 40, \"emptyPolls\": 31,"
                        + " \"picked\": 18}}"))
        .sample(1_000, withFetchers);
    SeriesStore withoutFetchers = new SeriesStore();
    new MiddlewareSource(() -> read("{\"engineBacklog\": 2}")).sample(1_000, withoutFetchers);

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

  private static com.fasterxml.jackson.databind.JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
