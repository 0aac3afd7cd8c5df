package io.tunelab.core.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OtavaCsvTest {
  static HistoryRow row(String time, String commit, String run, Object... columnsAndValues) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (int i = 0; i < columnsAndValues.length; i += 2) {
      values.put((String) columnsAndValues[i], ((Number) columnsAndValues[i + 1]).doubleValue());
    }
    return new HistoryRow(Instant.parse(time), commit, run, values);
  }

  @Test
  void theFileIsTheCsvOtavaDocuments() {
    String text =
        OtavaCsv.write(
            List.of(
                row(
                    "2026-11-23T03:00:00Z",
                    "954e106",
                    "20261123-030000-quickstart",
                    "brm-50ms.throughput",
                    650.23456789,
                    "brm-50ms.p99",
                    1234),
                row(
                    "2026-11-24T03:00:00Z",
                    "e67d4e3",
                    "20261124-030000-quickstart",
                    "brm-50ms.throughput",
                    641.5,
                    "brm-50ms.p99",
                    1260.5)));

    // time first as Otava's example has it, then the attributes, then one column per metric
    assertThat(text)
        .isEqualTo(
            """
            time,commit,run,brm-50ms.throughput,brm-50ms.p99
            2026-11-23 03:00:00 +0000,954e106,20261123-030000-quickstart,650.235,1234
            2026-11-24 03:00:00 +0000,e67d4e3,20261124-030000-quickstart,641.5,1260.5
            """);
  }

  @Test
  void rowsReadBackWithAMetricARunLackedAsAnEmptyCell() {
    List<HistoryRow> rows =
        List.of(
            row("2026-11-23T03:00:00Z", "a1", "r1", "s.throughput", 10),
            row("2026-11-24T03:00:00Z", "a2", "r2", "s.throughput", 11, "s.cpuPerUnit", 2.5));

    String text = OtavaCsv.write(rows);

    assertThat(text.lines().toList().get(1)).endsWith(",10,");
    assertThat(OtavaCsv.read(text, "h.csv")).isEqualTo(rows);
  }

  @Test
  void aFileThatIsNoHistoryIsBadInputNamingTheLine() {
    assertThatThrownBy(() -> OtavaCsv.read("time,commit,run,s.p99\nyesterday,a,r,1\n", "h.csv"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("h.csv line 2")
        .hasMessageContaining("'yesterday'");
    assertThatThrownBy(
            () ->
                OtavaCsv.read("time,commit,run,s.p99\n2026-11-24 03:00:00 +0000,a,r,x\n", "h.csv"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("the value 'x' of s.p99");
    assertThatThrownBy(() -> OtavaCsv.read("when,commit\n1,2\n", "h.csv"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no 'time' column");
    assertThat(OtavaCsv.read("", "h.csv")).isEmpty();
  }
}
