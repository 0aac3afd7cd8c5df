package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.history.FileHistory;
import io.tunelab.core.history.HistoryRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {
  @TempDir Path dir;

  /** 12 nights of the nightly suite's quickstart: p99 1200 ms, then 1500 from night 6 on. */
  private Path history() {
    FileHistory history = new FileHistory(dir.resolve("history"));
    Random random = new Random(9);
    for (int night = 0; night < 12; night++) {
      double p99 = (night < 6 ? 1200 : 1500) * (1 + 0.02 * random.nextGaussian());
      history.append(
          "nightly",
          "quickstart",
          new HistoryRow(
              Instant.parse("2026-11-01T03:00:00Z").plusSeconds(86_400L * night),
              "c" + night,
              "run-" + night,
              Map.of("brm-50ms.p99", p99)));
    }
    return dir.resolve("history");
  }

  @Test
  void printsTheTrendWithItsChangePointAndWritesThePage() throws Exception {
    Path history = history();
    Path page = dir.resolve("trend.html");
    InProcessCli cli = new InProcessCli();

    int exit =
        cli.execute(
            "history", "nightly", "--history", history.toString(), "--html", page.toString());

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("## quickstart (12 runs,")
        .contains("- brm-50ms.p99 (ms; lower is better)")
        .contains("  - WORSE at 2026-11-07 03:00:00 +0000 (commit c6, run run-6): ")
        .contains("trends: " + page);
    assertThat(Files.readString(page)).contains("\"run\":\"run-6\"");
  }

  @Test
  void aSuiteFileNamesItsSuite() throws Exception {
    Path history = history();
    Path suite = dir.resolve("nightly.yaml");
    Files.writeString(
        suite, "name: nightly\nexperiments: [{file: x.yaml, thresholds: [errors < 1%]}]\n");
    InProcessCli cli = new InProcessCli();

    int exit =
        cli.execute(
            "history",
            suite.toString(),
            "--history",
            history.toString(),
            "--html",
            dir.resolve("t.html").toString(),
            "--json");

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out()).contains("\"suite\" : \"nightly\"").contains("\"run\" : \"run-6\"");
  }

  @Test
  void badSettingsAndAnUnreachableDatabaseAreBadInput() {
    InProcessCli cli = new InProcessCli();

    assertThat(cli.execute("history", "nightly", "--p-value", "2")).isEqualTo(2);
    assertThat(cli.err()).contains("the p-value threshold is between 0 and 1, was 2.0");
    assertThat(
            cli.execute(
                "history", "nightly", "--history", "jdbc:mysql://127.0.0.1/x?password=secret"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("only PostgreSQL").doesNotContain("secret");
    assertThat(
            cli.execute(
                "history",
                "nightly",
                "--history",
                "jdbc:postgresql://127.0.0.1:1/none?user=u&password=secret"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("cannot use the history database jdbc:postgresql://127.0.0.1:1/none")
        .doesNotContain("secret");
  }
}
