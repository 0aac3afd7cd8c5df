package io.tunelab.run.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard asks only for metrics a run serves: each name in its queries is the
 * endpoint's own ({@code tunelab_repetition}, {@code tunelab_measuring}) or a series
 * results/README.md documents, as {@link PrometheusNames} exposes it. A renamed series or a
 * dashboard typo fails here, naming the metric.
 */
class GrafanaDashboardTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));
  private static final Pattern METRIC = Pattern.compile("\\btunelab_[a-z0-9_]+");
  private static final Pattern CODE = Pattern.compile("`([a-zA-Z.]+)`");

  /** The series results/README.md's table lists, by the names in its first column. */
  static Set<String> documentedSeries() throws IOException {
    List<String> lines = Files.readAllLines(HOME.resolve("results/README.md"));
    int table = lines.indexOf("Series in `series.csv` (label in parentheses):");
    assertThat(table).as("results/README.md's series table").isNotNegative();
    Set<String> series = new LinkedHashSet<>();
    for (String line : lines.subList(table + 1, lines.size())) {
      if (series.size() > 0 && !line.startsWith("|")) {
        break;
      }
      String[] cells = line.split("\\|");
      if (cells.length > 1) {
        Matcher name = CODE.matcher(cells[1]);
        while (name.find()) {
          series.add(name.group(1));
        }
      }
    }
    return series;
  }

  @Test
  void everyQueryAsksForAMetricTheEndpointServes() throws IOException {
    Set<String> served =
        new LinkedHashSet<>(List.of(SeriesCollector.REPETITION, SeriesCollector.MEASURING));
    documentedSeries().forEach(s -> served.add(PrometheusNames.exposed(s)));
    JsonNode dashboard =
        new ObjectMapper()
            .readTree(HOME.resolve("observability/grafana/tunelab-run.json").toFile());
    List<String> asked = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        Matcher metric = METRIC.matcher(target.path("expr").asText());
        while (metric.find()) {
          asked.add(metric.group());
        }
      }
    }
    assertThat(asked).as("the dashboard's queries").hasSizeGreaterThan(10);
    assertThat(asked)
        .as("metrics the dashboard asks for that no run serves (served: %s)", served)
        .allMatch(served::contains);
    assertThat(asked).contains("tunelab_cpu_tier", "tunelab_broker_message_count");
  }
}
