package io.tunelab.core.studies;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Experiment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudiesPageTest {
  private static final String BLOCK =
      """
      study:
        name: AIA order-to-bill
        expect:
          - {step: b, against: previous, direction: up, effect: "significant | chart only"}
          - {step: c, against: previous, direction: up, effect: about +40% on top}
      """;

  @TempDir Path dir;

  @Test
  void docsStudiesMdIsUpToDateWithTheSummariesAndTheStudyExperiments() throws IOException {
    Path home = Path.of(System.getProperty("tunelab.home"));
    Path page = home.resolve("docs/studies.md");

    assertThat(Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "")
        .as(
            "docs/studies.md is out of date with results/studies/*.json and"
                + " experiments/studies/*.yaml: regenerate it with "
                + StudiesPage.REGENERATE)
        .isEqualTo(StudiesPage.markdown(home));
  }

  @Test
  void aMeasuredStoryShowsTheStudysEffectBesideTunelabsWithTheMachineAndDiscussion() {
    Experiment experiment = SyntheticRun.experiment(BLOCK);
    StudySummary summary =
        StudyRecorder.record(
                SyntheticRun.run()
                    .step("a", 100, 102, 98)
                    .step("b", 100, 103, 97)
                    .step("c", 140, 143, 137)
                    .writeAndRead(dir),
                experiment)
            .withDiscussion("Here the instance rows are small.");

    String page = StudiesPage.markdown(List.of(experiment), List.of(summary));

    assertThat(page)
        .contains("## AIA order-to-bill")
        .contains("### study-synthetic")
        .contains("| b | a (previous) | significant \\| chart only | +0.0% |")
        .contains("| within noise (the study up; MDE ")
        .contains("| c | b (previous) | about +40% on top | +40.0% |")
        .contains("| 140 orders/min | 2.1% |")
        .contains("| 3 vs 3 | yes (up) |")
        .contains("2 cores (AMD EPYC), 24,105 MB memory")
        .contains("Command: `./tunelab run experiments/studies/synthetic.yaml`")
        .contains("**Discussion.** Here the instance rows are small.")
        .contains("| AIA order-to-bill | study-synthetic (`experiments/studies/synthetic.yaml`) |")
        .contains("| 1 of 2 |")
        .doesNotContain("not measured yet");
  }

  @Test
  void anObservedRunShowsWhatEachStepCostPerUnitBesideItsMetric() {
    String page =
        page(
            SyntheticRun.run()
                .step("a", 100, 102, 98)
                .walPerUnit("a", 524_288, 524_288, 524_288)
                .step("b", 100, 103, 97)
                .walPerUnit("b", 33_792, 33_792, 33_792)
                .step("c", 140, 143, 137));

    assertThat(page)
        .contains("What each step cost per order")
        .contains("| a | 100 orders/min | 2.0% | 10.0 | 51.2 | 1.00 | 512.0 KB | 80.0 | 12.0 |")
        .contains("| b | 100 orders/min | 3.0% | 10.0 | 3.30 | 1.00 | 33.0 KB | 80.0 | 12.0 |")
        .contains("| c | 140 orders/min | 2.1% | - | - | - | - | - | - |");
  }

  @Test
  void aRunWithoutTheObserverHasNoCostTable() {
    assertThat(
            page(
                SyntheticRun.run()
                    .step("a", 100, 102, 98)
                    .step("b", 100, 103, 97)
                    .step("c", 140, 143, 137)))
        .doesNotContain("What each step cost");
  }

  // The page of the synthetic experiment with BLOCK, measured by this run
  private String page(SyntheticRun.Builder run) {
    Experiment experiment = SyntheticRun.experiment(BLOCK);
    StudySummary summary = StudyRecorder.record(run.writeAndRead(dir), experiment);
    return StudiesPage.markdown(List.of(experiment), List.of(summary));
  }

  @Test
  void everyStoryWithoutASummaryIsListedAsNotMeasuredYet() {
    Experiment withBlock = SyntheticRun.experiment(BLOCK);
    Experiment withoutBlock = SyntheticRun.experiment("");

    String page = StudiesPage.markdown(List.of(withBlock), List.of());
    String bare = StudiesPage.markdown(List.of(withoutBlock), List.of());

    assertThat(page)
        .contains("| study-synthetic (`experiments/studies/synthetic.yaml`) | not measured yet |")
        .contains("**Not measured yet**: `./tunelab run experiments/studies/synthetic.yaml`")
        .contains("| c | previous | about +40% on top | up |");
    assertThat(bare)
        .contains("## Study stories without a study block")
        .contains("| (no study block) | study-synthetic")
        .contains("It has no `study:` block yet");
  }

  @Test
  void aStudyBlockChangedSinceTheRecordingIsCalledOut() {
    StudySummary summary =
        StudyRecorder.record(
            SyntheticRun.run()
                .step("a", 100, 102, 98)
                .step("b", 100, 103, 97)
                .step("c", 140, 143, 137)
                .writeAndRead(dir),
            SyntheticRun.experiment(BLOCK));
    Experiment reworded =
        SyntheticRun.experiment(BLOCK.replace("about +40% on top", "about +45% on top"));

    assertThat(StudiesPage.markdown(List.of(reworded), List.of(summary)))
        .contains("The `study:` block changed since this run was recorded");
  }
}
