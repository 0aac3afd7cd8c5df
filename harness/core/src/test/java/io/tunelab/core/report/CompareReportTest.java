package io.tunelab.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareReportTest {
  private static final String DATA_START = "<script type=\"application/json\" id=\"report-data\">";

  @TempDir Path dir;

  @Test
  void sideBySidePageHasTheRowsBothRunsFindingsAndLinksToTheirReports() throws Exception {
    Path a = RunFolderFixture.write(dir.resolve("a"), RunResult.COMPLETE);
    Path b = RunFolderFixture.write(dir.resolve("b"), RunResult.INCOMPLETE);
    HtmlReport.write(a);

    String page =
        Files.readString(CompareReport.write(a, b.resolve("run.json"), dir.resolve("cmp.html")));

    int start = page.indexOf(DATA_START) + DATA_START.length();
    JsonNode data =
        new ObjectMapper().readTree(page.substring(start, page.indexOf("</script>", start)));
    assertThat(data.path("rows").findValuesAsText("metric"))
        .contains("throughputPerMinute", "latencyMillis.p99");
    assertThat(data.at("/rows/0/comparison/nA").asInt()).isEqualTo(1);
    assertThat(data.at("/rows/0/comparison/direction").asText()).isEqualTo("HIGHER_IS_BETTER");
    assertThat(data.at("/rows/0/verdict").asText()).startsWith("too few repetitions");
    assertThat(data.at("/a/report").asText()).isEqualTo("a/report.html");
    assertThat(data.at("/b/report").isMissingNode()).isTrue();
    assertThat(data.at("/b/run/status").asText()).isEqualTo("incomplete");
    assertThat(data.at("/a/findings/baseline/0/finding/kind").asText()).isEqualTo("QUEUE_BACKLOG");
    assertThat(page).doesNotContain(RunFolderFixture.HOSTILE_KNOB).doesNotContain("{{");
  }
}
