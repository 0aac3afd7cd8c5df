package io.tunelab.core.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudySummariesTest {
  @TempDir Path dir;

  private StudySummary recorded() {
    return StudyRecorder.record(
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("c", 196, 200, 192)
            .writeAndRead(dir.resolve("run")),
        SyntheticRun.experiment(
            """
            study:
              name: AIA order-to-bill
              expect:
                - {step: c, against: previous, direction: up, effect: about +40% on top}
            """));
  }

  @Test
  void aSummaryReadsBackAsWrittenAndIsWrittenTheSameEveryTime() throws IOException {
    StudySummaries store = new StudySummaries(dir.resolve("studies"));

    Path file = store.save(recorded(), Optional.of("Why."));
    String first = Files.readString(file, StandardCharsets.UTF_8);
    store.save(store.read("study-synthetic").orElseThrow(), Optional.empty());

    assertThat(file.getFileName().toString()).isEqualTo("study-synthetic.json");
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(first);
    assertThat(store.read("study-synthetic")).contains(recorded().withDiscussion("Why."));
    assertThat(first)
        .contains("\"values\" : [ 196.0, 200.0, 192.0 ]")
        .contains("\"measured\" : \"up\"")
        .contains("\"match\" : \"yes\"")
        .doesNotContain("\r")
        .endsWith("}\n");
  }

  @Test
  void recordingAgainKeepsTheWrittenDiscussionUnlessANewOneIsGiven() {
    StudySummaries store = new StudySummaries(dir.resolve("studies"));
    store.save(recorded(), Optional.of("The database here is on one disk."));

    store.save(recorded(), Optional.empty());
    assertThat(store.read("study-synthetic").orElseThrow().discussion())
        .isEqualTo("The database here is on one disk.");

    store.save(recorded(), Optional.of("Rewritten."));
    assertThat(store.read("study-synthetic").orElseThrow().discussion()).isEqualTo("Rewritten.");
  }

  @Test
  void aMisspeltFieldInAHandEditedSummaryIsAnErrorNamingTheFile() throws IOException {
    StudySummaries store = new StudySummaries(dir.resolve("studies"));
    Path file = store.save(recorded(), Optional.of("x"));
    Files.writeString(
        file,
        Files.readString(file).replace("\"discussion\"", "\"discusion\""),
        StandardCharsets.UTF_8);

    assertThatThrownBy(() -> store.read("study-synthetic"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("discusion");
  }
}
