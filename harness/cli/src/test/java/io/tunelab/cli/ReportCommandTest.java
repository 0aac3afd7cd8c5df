package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tunelab report RUN_DIR} in-process: what it rebuilds and what it refuses. */
class ReportCommandTest {
  private final InProcessCli cli = new InProcessCli();

  @TempDir Path dir;

  private int execute(String... args) {
    return cli.execute(args);
  }

  @Test
  void aMissingFolderIsBadInputNamingTheFix() {
    int code = execute("report", dir.resolve("no-such-run").toString());

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err()).contains("no run folder at").contains("give a results/<run-id> folder");
  }

  @Test
  void aFolderWithoutRunJsonIsBadInputNamingTheFix() {
    int code = execute("report", dir.toString());

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err()).contains("no run at").contains("give a results/<run-id> folder");
  }

  @Test
  void compareWritesASideBySidePageWhenAsked() throws Exception {
    writeRun();
    Path page = dir.resolve("pages/compare.html");

    assertThat(
            execute(
                "compare",
                dir.toString(),
                dir.toString(),
                "--allow-incomplete",
                "--html",
                page.toString()))
        .as(cli.err())
        .isZero();

    assertThat(cli.out()).contains("report: " + page);
    assertThat(Files.readString(page)).contains("tunelab: 20261123-010000-x vs 20261123-010000-x");
  }

  @Test
  void rebuildsTheReportOfARunFolderOrItsRunJson() throws Exception {
    writeRun();

    assertThat(execute("report", dir.resolve("run.json").toString())).as(cli.err()).isZero();

    assertThat(cli.out()).contains("report.html");
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("20261123-010000-x")
        .contains("\"status\":\"incomplete\"");
  }

  private void writeRun() {
    RunFiles.write(
        dir,
        new RunResult(
            "20261123-010000-x",
            "x",
            "x.yaml",
            "batch-order",
            "orders/min",
            RunResult.INCOMPLETE,
            false,
            "2026-11-23T01:00:00Z",
            "2026-11-23T01:01:00Z",
            1,
            "a",
            null,
            List.of()));
  }
}
