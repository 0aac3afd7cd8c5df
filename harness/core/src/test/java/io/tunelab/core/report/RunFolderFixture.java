package io.tunelab.core.report;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.ObserverStats;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A small run folder as a real run leaves it: run.json and summary.md from the result records, and
 * one observed repetition's files in the observer's formats, with text that must stay text (markup
 * in a knob value and in a statement).
 */
final class RunFolderFixture {
  static final String HOSTILE_KNOB = "<img src=x onerror=alert(1)>";
  static final String HOSTILE_SQL = "SELECT '</script><script>alert(2)</script>' FROM xref_data";
  static final long MEASURED_FROM = 1_795_394_390_000L;

  static final Finding BACKLOG =
      new Finding(
          FindingKind.QUEUE_BACKLOG,
          "tunelab.create-subscriptions",
          "tunelab.create-subscriptions grew from 0 to 12 messages in 6 s",
          List.of("series broker.messageCount tunelab.create-subscriptions: max 12, last 12"));

  private RunFolderFixture() {}

  /** Writes the run into {@code dir}, its status as given. */
  static Path write(Path dir, RunStatus status) throws IOException {
    Repetition observed =
        rep(1, "baseline/rep-1")
            .withObservation(List.of(BACKLOG), new ObserverStats(6, 0.8, Map.of()));
    StepResult baseline =
        StepResult.of(
            "baseline",
            Map.of(),
            Map.of("middleware.consumers.intake", "1", "db.xrefIndex", "true"),
            List.of("db", "broker", "mocks", "middleware"),
            Map.of("xrefIndex", true),
            List.of(observed));
    StepResult more =
        StepResult.of(
            "more",
            Map.of("middleware.jvm.flags", HOSTILE_KNOB),
            Map.of("middleware.jvm.flags", HOSTILE_KNOB),
            List.of("middleware"),
            Map.of(),
            List.of(rep(1, "more/rep-1")));
    RunResult run =
        new RunResult(
                "20261123-010000-fixture",
                "fixture",
                "experiments/fixture.yaml",
                "batch-order",
                "orders/min",
                RunResult.RUNNING,
                false,
                "2026-11-23T01:00:00Z",
                null,
                1,
                "baseline",
                null,
                List.of())
            .withStep(baseline)
            .withStep(more);
    RunFiles.write(dir, RunResult.RUNNING.equals(status) ? run : run.finished(status, "now"));
    observerFiles(dir.resolve("baseline/rep-1"));
    Files.createDirectories(dir.resolve("baseline/rep-1/load/dashboard"));
    Files.writeString(dir.resolve("baseline/rep-1/load/dashboard/index.html"), "<html></html>");
    Files.writeString(dir.resolve("baseline/rep-1/latency.hlog"), "#[Histogram log]\n");
    return dir;
  }

  private static Repetition rep(int n, String raw) {
    return Repetition.measured(
        n,
        true,
        "20 sent, 20 completed",
        Metrics.of(120, new LatencyMillis(100, 200, 300, 400), 0),
        BatchOrderMeasures.of(new OrderAccounting(20, 20, 0, 0, 0)),
        new Warmup(5, 5, 1000),
        9000,
        raw);
  }

  private static void observerFiles(Path rep) throws IOException {
    Files.createDirectories(rep);
    StringBuilder csv = new StringBuilder("epochMillis,phase,series,label,value\n");
    for (int s = -2; s <= 5; s++) {
      long t = MEASURED_FROM + s * 1000L;
      String phase = s < 0 ? "warmup" : "measured";
      csv.append(t).append(',').append(phase).append(",cpu.tier,middleware,").append(40 + s);
      csv.append('\n').append(t).append(',').append(phase).append(",cpu.machine,machine,60\n");
      csv.append(t).append(',').append(phase);
      csv.append(",broker.messageCount,tunelab.create-subscriptions,").append(2 * (s + 2));
      csv.append('\n').append(t).append(',').append(phase).append(",broker.messageCount,DLQ,0\n");
      csv.append(t).append(',').append(phase);
      csv.append(",mocks.requests,siebel:UpdateSalesOrder,").append(3 * (s + 2)).append('\n');
    }
    csv.append(MEASURED_FROM + 1500).append(",measured,gc.heapAfterMegabytes,middleware,13\n");
    csv.append(MEASURED_FROM + 1500).append(",measured,gc.pauseMillis,middleware,8.5\n");
    Files.writeString(rep.resolve("series.csv"), csv);
    Files.writeString(
        rep.resolve("observations.json"),
        "{\"startMillis\":"
            + (MEASURED_FROM - 2000)
            + ",\"measuredFromMillis\":"
            + MEASURED_FROM
            + ",\"samples\":8,\"errors\":{}}");
    Files.writeString(
        rep.resolve("gc.json"),
        "{\"measured\":{\"pauses\":1,\"pauseTotalMillis\":8.5,\"pauseMaxMillis\":8.5,"
            + "\"fullCollections\":0,\"pauseSharePercent\":0.2}}");
    Files.writeString(
        rep.resolve("db-snapshot.json"),
        "{\"topStatements\":[{\"queryId\":\"1\",\"query\":\""
            + HOSTILE_SQL.replace("'", "'")
            + "\",\"calls\":120,\"totalMillis\":8214.1,\"meanMillis\":68.4,\"rows\":120,"
            + "\"sharedBlocksHit\":397901,\"sharedBlocksRead\":0}]}");
  }
}
