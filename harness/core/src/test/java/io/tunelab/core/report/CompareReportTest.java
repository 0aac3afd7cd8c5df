package io.tunelab.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.results.Environment;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareReportTest {
  private static final String DATA_START = "<script type=\"application/json\" id=\"report-data\">";

  @TempDir Path dir;

  /** Two runs measured on different stacks say so at the top of the page, before any verdict. */
  @Test
  void runsOnDifferentStacksSayWhatTheyDifferIn() throws Exception {
    Path a = RunFolderFixture.write(dir.resolve("a"), RunResult.COMPLETE);
    Path b = RunFolderFixture.write(dir.resolve("b"), RunResult.COMPLETE);
    RunFiles.write(a, RunFiles.read(a).withEnvironment(measuredOn("embedded")));
    RunFiles.write(b, RunFiles.read(b).withEnvironment(measuredOn("testcontainers (tunelab/db)")));

    String page =
        Files.readString(CompareReport.write(a, b.resolve("run.json"), dir.resolve("cmp.html")));

    int start = page.indexOf(DATA_START) + DATA_START.length();
    JsonNode data =
        new ObjectMapper().readTree(page.substring(start, page.indexOf("</script>", start)));
    assertThat(data.path("differences").get(0).asText())
        .isEqualTo("the stack: A embedded; B testcontainers (tunelab/db)");
    assertThat(data.path("differences")).hasSize(1);
  }

  private static Environment measuredOn(String stack) {
    return new Environment(
        "abc123",
        "17.0.15",
        "15.18",
        "2.56.0",
        "3.13.2",
        "5.6.3",
        2,
        "AMD EPYC",
        24105,
        "Linux",
        Map.of(),
        Map.of(),
        stack);
  }

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
    // neither folder says where it was measured: nothing to say apart
    assertThat(data.path("differences").isArray()).isTrue();
    assertThat(data.path("differences")).isEmpty();
    assertThat(page).doesNotContain(RunFolderFixture.HOSTILE_KNOB).doesNotContain("{{");
  }
}
