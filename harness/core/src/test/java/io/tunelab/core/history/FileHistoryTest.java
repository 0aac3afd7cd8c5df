package io.tunelab.core.history;

import static io.tunelab.core.history.OtavaCsvTest.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHistoryTest {
  @TempDir Path dir;

  @Test
  void appendsInTimeOrderAndKeepsOtavasConfigurationBesideTheFiles() throws Exception {
    FileHistory history = new FileHistory(dir);
    history.append("nightly", "quickstart", row("2026-11-24T03:00:00Z", "c2", "r2", "s.p99", 20));
    history.append("nightly", "quickstart", row("2026-11-23T03:00:00Z", "c1", "r1", "s.p99", 10));
    history.append(
        "nightly", "soap", row("2026-11-24T03:00:00Z", "c2", "r3", "s.throughput", 3700));

    assertThat(history.read("nightly").get("quickstart"))
        .extracting(HistoryRow::runId)
        .containsExactly("r1", "r2");
    assertThat(history.read("nightly")).containsOnlyKeys("quickstart", "soap");
    assertThat(history.read("weekly")).isEmpty();
    assertThat(dir.resolve("nightly")).isDirectoryContaining("glob:**/quickstart.csv");
    assertThat(dir.resolve("nightly")).isDirectoryNotContaining("glob:**/*.tmp");

    // what Otava's csv tests read (otava/test_config.py): type, file, time_column, attributes,
    // metrics with direction, csv_options
    JsonNode otava =
        new ObjectMapper(new YAMLFactory())
            .readTree(Files.readString(dir.resolve("nightly/otava.yaml")));
    JsonNode test = otava.path("tests").path("nightly.quickstart");
    assertThat(test.path("type").asText()).isEqualTo("csv");
    assertThat(test.path("file").asText()).isEqualTo("quickstart.csv");
    assertThat(test.path("time_column").asText()).isEqualTo("time");
    assertThat(test.path("attributes").toString()).isEqualTo("[\"commit\",\"run\"]");
    assertThat(test.at("/metrics/s.p99/direction").asInt()).isEqualTo(-1);
    assertThat(otava.at("/tests/nightly.soap/metrics/s.throughput/direction").asInt()).isOne();
    assertThat(test.at("/csv_options/delimiter").asText()).isEqualTo(",");
  }

  @Test
  void twoWritersAppendingAtOnceLoseNoRow() throws Exception {
    int each = 40;
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            HistoryAppender.class.getName(),
            dir.toString(),
            "nightly",
            "quickstart",
            Integer.toString(each),
            "other-process");
    Process other = new ProcessBuilder(command).inheritIO().start();
    Thread thread =
        new Thread(() -> HistoryAppender.main(args("other-thread", each)), "other-thread");
    thread.start();
    HistoryAppender.main(args("this-thread", each));
    thread.join();
    assertThat(other.waitFor()).isZero();

    assertThat(new FileHistory(dir).read("nightly").get("quickstart"))
        .extracting(HistoryRow::runId)
        .hasSize(3 * each)
        .doesNotHaveDuplicates()
        .contains("other-process-1", "other-process-" + each, "other-thread-" + each);
  }

  private String[] args(String prefix, int count) {
    return new String[] {dir.toString(), "nightly", "quickstart", Integer.toString(count), prefix};
  }

  @Test
  void aNameThatWouldLeaveTheFolderIsRefused() {
    FileHistory history = new FileHistory(dir);

    assertThatThrownBy(() -> history.file("../etc", "x"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("'../etc' cannot name a history file");
  }
}
