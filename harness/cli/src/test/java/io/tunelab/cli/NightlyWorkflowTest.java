package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The GitHub workflow of the nightly, read as data (it cannot run here): it carries the runner's
 * baselines and the history from night to night, lets committed baselines win over carried ones,
 * and runs {@code .ci/nightly}, which installs the benchmark's prerequisites, not the tests'.
 */
class NightlyWorkflowTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  private static List<JsonNode> steps() throws Exception {
    JsonNode workflow =
        new ObjectMapper(new YAMLFactory())
            .readTree(HOME.resolve(".github/workflows/nightly.yml").toFile());
    List<JsonNode> steps = new ArrayList<>();
    workflow.path("jobs").path("bench").path("steps").forEach(steps::add);
    return steps;
  }

  private static int index(List<JsonNode> steps, String uses, String run) {
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      if ((uses != null && step.path("uses").asText().startsWith(uses))
          || (run != null && step.path("run").asText().contains(run))) {
        return i;
      }
    }
    throw new AssertionError("no step " + (uses != null ? uses : run) + " in " + steps);
  }

  @Test
  void theRunnersBaselinesAndHistoryAreRestoredBeforeTheRunAndSavedAfterIt() throws Exception {
    List<JsonNode> steps = steps();
    int restore = index(steps, "actions/cache/restore", null);
    int committed = index(steps, null, "git checkout -- results/baselines");
    int nightly = index(steps, null, ".ci/nightly");
    int save = index(steps, "actions/cache/save", null);

    assertThat(List.of(restore, committed, nightly, save)).isSorted();
    for (int i : List.of(restore, save)) {
      assertThat(steps.get(i).path("with").path("path").asText())
          .contains("results/baselines")
          .contains("results/history");
    }
    assertThat(steps.get(save).path("if").asText()).isEqualTo("always()");
    assertThat(steps.get(restore).path("with").path("restore-keys").asText())
        .isEqualTo("nightly-state-");
  }

  @Test
  void theArtifactKeepsTheRunnersBaselineToCommit() throws Exception {
    List<JsonNode> steps = steps();
    JsonNode artifact = steps.get(index(steps, "actions/upload-artifact", null));

    assertThat(artifact.path("with").path("path").asText()).contains("results/");
    assertThat(artifact.path("with").path("path").asText()).doesNotContain("!results/baselines");
  }

  @Test
  void theNightlyInstallsTheBenchmarksPrerequisitesNotTheTests() throws Exception {
    String nightly = Files.readString(HOME.resolve(".ci/nightly"));

    assertThat(nightly).contains("tunelab_prerequisites nightly").doesNotContain("verify");
    assertThat(Files.readString(HOME.resolve(".ci/run"))).contains("tunelab_prerequisites verify");
  }
}
