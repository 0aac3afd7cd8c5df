package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.report.HtmlReport;
import io.tunelab.core.results.ResultFormat;
import io.tunelab.core.results.RunFiles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The step names a run's folder refuses are the names of what the run writes beside them. */
class StepFoldersTest {

  @Test
  void everyFileAndFolderARunWritesBesideItsStepsIsReserved() {
    List<String> written = new ArrayList<>();
    RunFiles.FORMATS.stream().map(ResultFormat::file).forEach(written::add);
    written.add(HtmlReport.FILE);
    written.add("logs"); // the tiers' logs, ExperimentRunner

    assertThat(StepFolders.RESERVED).containsExactlyInAnyOrderElementsOf(written);
  }
}
