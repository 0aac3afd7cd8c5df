package io.tunelab.tiers.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.measure.JtlRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What JMeter's own report generator made of a JTL: the samples and errors per label in its
 * dashboard's {@code statistics.json} (JMeter's JSON exporter, beside {@code index.html}).
 */
public final class JmeterDashboard {
  private JmeterDashboard() {}

  /** Samples per label, as the dashboard counted them ({@code Total} left out). */
  public static Map<String, Long> samplesPerLabel(Path dashboard) throws IOException {
    JsonNode statistics =
        new ObjectMapper().readTree(dashboard.resolve("statistics.json").toFile());
    Map<String, Long> counts = new TreeMap<>();
    statistics
        .fields()
        .forEachRemaining(
            e -> {
              if (!e.getKey().equals("Total")) {
                counts.put(e.getKey(), e.getValue().path("sampleCount").asLong());
              }
            });
    return counts;
  }

  /**
   * Asserts that the dashboard in {@code dashboard} counts, per label, the samples of the JTL's
   * {@code records}, and that its labels are {@code operations}: operations, not ids.
   */
  public static void assertReadsTheJtl(
      Path dashboard, List<JtlRecord> records, List<String> operations) throws IOException {
    assertThat(dashboard.resolve("index.html")).isRegularFile();
    Map<String, Long> fromJtl =
        records.stream()
            .collect(Collectors.groupingBy(JtlRecord::label, TreeMap::new, Collectors.counting()));
    assertThat(samplesPerLabel(dashboard)).isEqualTo(fromJtl);
    assertThat(fromJtl.keySet()).isSubsetOf(operations);
  }
}
