package io.tunelab.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final String DATA_START = "<script type=\"application/json\" id=\"report-data\">";

  @TempDir Path dir;

  private static JsonNode data(String page) throws Exception {
    int start = page.indexOf(DATA_START) + DATA_START.length();
    return new ObjectMapper().readTree(page.substring(start, page.indexOf("</script>", start)));
  }

  @Test
  void pageInlinesChartJsAndTheDataAndLoadsNothingFromOutside() throws Exception {
    String page =
        Files.readString(HtmlReport.write(RunFolderFixture.write(dir, RunResult.COMPLETE)));

    assertThat(page)
        .contains("Chart.js " + ChartJs.version())
        .contains(ChartJs.script().substring(0, 200))
        .doesNotContainPattern("<script[^>]+src=")
        .doesNotContain("<link", "{{");
    assertThat(data(page).path("run").path("runId").asText()).isEqualTo("20261123-010000-fixture");
  }

  @Test
  void knobValuesAndSqlStayTextInsideTheDataBlock() throws Exception {
    String page =
        Files.readString(HtmlReport.write(RunFolderFixture.write(dir, RunResult.COMPLETE)));

    assertThat(page)
        .doesNotContain(RunFolderFixture.HOSTILE_KNOB)
        .doesNotContain("<script>alert(2)");
    JsonNode data = data(page);
    assertThat(data.at("/run/steps/1/changes/middleware.jvm.flags").asText())
        .isEqualTo(RunFolderFixture.HOSTILE_KNOB);
    assertThat(data.at("/steps/0/repetitions/0/topSql/0/query").asText())
        .isEqualTo(RunFolderFixture.HOSTILE_SQL);
  }

  @Test
  void repetitionChartsComeFromItsSeriesWithWarmupBeforeTimeZero() throws Exception {
    JsonNode rep = ReportModel.of(RunFolderFixture.write(dir, RunResult.COMPLETE));
    JsonNode charts = rep.at("/steps/0/repetitions/0/charts");

    assertThat(charts.findValuesAsText("title"))
        .anyMatch(t -> t.startsWith("Throughput"))
        .contains("Queue depths", "CPU per tier")
        .anyMatch(t -> t.startsWith("GC"));
    JsonNode queues = charts.get(1).path("datasets");
    // the DLQ stayed empty: no line for it
    assertThat(queues.findValuesAsText("label")).containsExactly("tunelab.create-subscriptions");
    assertThat(queues.get(0).path("points").get(0).get(0).asDouble()).isEqualTo(-2.0);
    JsonNode completions = charts.get(0).path("datasets").get(0);
    assertThat(completions.path("label").asText()).isEqualTo("completed orders");
    assertThat(completions.path("points").get(0).get(1).asDouble()).isEqualTo(3.0);
    assertThat(rep.at("/steps/0/repetitions/0/links/JMeter dashboard").asText())
        .isEqualTo("baseline/rep-1/load/dashboard/index.html");
    assertThat(rep.at("/steps/0/repetitions/0/links/latency.hlog").asText())
        .isEqualTo("baseline/rep-1/latency.hlog");
  }

  @Test
  void findingsAreCountedPerStepAndAnUnobservedRepetitionHasNoCharts() throws Exception {
    JsonNode model = ReportModel.of(RunFolderFixture.write(dir, RunResult.COMPLETE));

    JsonNode counted = model.at("/steps/0/findings/0");
    assertThat(counted.at("/finding/kind").asText()).isEqualTo("QUEUE_BACKLOG");
    assertThat(counted.path("repetitions").asInt()).isEqualTo(1);
    assertThat(counted.at("/finding/evidence/0").asText()).contains("max 12");
    assertThat(model.at("/steps/1/repetitions/0/observed").asBoolean()).isFalse();
    assertThat(model.at("/steps/1/repetitions/0/charts")).isEmpty();
  }

  @Test
  void eachStepHasItsOperationsForThePerOperationTable() throws Exception {
    JsonNode model = ReportModel.of(RunFolderFixture.write(dir, RunResult.COMPLETE));

    JsonNode order = model.at("/steps/0/operations/0");
    assertThat(order.path("operation").asText()).isEqualTo("order");
    assertThat(order.path("attempts").asLong()).isEqualTo(20);
    assertThat(order.path("perMinute").asDouble()).isEqualTo(120);
    assertThat(model.at("/steps/0/errors")).isEmpty();
    assertThat(Files.readString(HtmlReport.write(dir)))
        .contains("function operations(main, step)")
        .contains("Per operation");
  }

  @Test
  void anIncompleteRunsPageCarriesItsStatus() throws Exception {
    String page =
        Files.readString(HtmlReport.write(RunFolderFixture.write(dir, RunResult.INCOMPLETE)));

    assertThat(data(page).at("/run/status").asText()).isEqualTo("incomplete");
  }

  @Test
  void aFolderWithoutARunIsBadInputNamingTheFix() {
    assertThatThrownBy(() -> HtmlReport.write(dir))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("give a results/<run-id> folder");
  }

  @Test
  void aCounterBecomesItsRatePerSecond() {
    List<SeriesCsv.Point> counter =
        List.of(new SeriesCsv.Point(0, 10), new SeriesCsv.Point(1, 16), new SeriesCsv.Point(3, 20));

    assertThat(SeriesCsv.rate(counter))
        .containsExactly(new SeriesCsv.Point(1, 6), new SeriesCsv.Point(3, 2));
  }
}
