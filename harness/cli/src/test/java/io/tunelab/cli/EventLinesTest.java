package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.MeasuredWindow;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.Progress;
import io.tunelab.run.RunEvent;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventLinesTest {
  private static final Progress.Position AT = new Progress.Position("tuned", 2, 3, 1, 3, -1);
  private static final Metrics METRICS = Metrics.of(612.34, new LatencyMillis(10, 20, 250, 300), 0);

  @Test
  void aBatchOrderRepetitionReadsWithItsWindow() {
    MeasuredWindow window =
        new MeasuredWindow("backlog", 300, "release", 300L, 0L, 30, 24.0, 598.9, null, 1.0, 3.0);
    Repetition done =
        Repetition.measured(
                1,
                true,
                "300 sent, 300 completed",
                METRICS,
                new BatchOrderMeasures(new OrderAccounting(300, 300, 0, 0, 0), window),
                null,
                1000,
                "tuned/rep-1")
            .withMiddlewareJvm(2);

    assertThat(EventLines.of(new RunEvent.RepetitionFinished(AT, "orders/min", done)))
        .isEqualTo(
            "tuned rep 1: 612.3 orders/min steady (598.9 whole drain, backlog mode, JVM 2),"
                + " p99 250 ms, 300 sent, 300 completed");
  }

  @Test
  void aSoapRepetitionReadsWithoutAWindow() {
    LatencySummary all = new LatencySummary(30, 0, 600, 5, 20, 90, 18, 40, 60, 85);
    Repetition done =
        Repetition.measured(
            1,
            true,
            "30 requests",
            METRICS,
            new RequestMeasures(
                new RequestMetrics("closed", 30, 30, 0, 0, all, Map.of(), null, null)),
            null,
            1000,
            "tuned/rep-1");

    assertThat(EventLines.of(new RunEvent.RepetitionFinished(AT, "requests/min", done)))
        .isEqualTo("tuned rep 1: 612.3 requests/min, p99 250 ms, 30 requests");
  }

  @Test
  void aWarmupRoundShowsTheMiddlewaresCpuOnlyWhenItWasMeasured() {
    assertThat(
            EventLines.of(
                new RunEvent.WarmupRound(
                    AT, "batch", 3, "orders/min", new WarmupRule.Batch(500, 2.25, 14.0), true)))
        .isEqualTo(
            "tuned rep 1: warm-up batch 3: 500.0 orders/min, middleware 2.3 ms CPU/order, steal"
                + " 14.0% (disturbed: not judged)");
    assertThat(
            EventLines.of(
                new RunEvent.WarmupRound(
                    AT, "round", 1, "requests/min", new WarmupRule.Batch(900, null, null), false)))
        .isEqualTo("tuned rep 1: warm-up round 1: 900.0 requests/min, steal ?");
  }

  @Test
  void aRevivedMiddlewareShowsTheFirstLineOfWhy() {
    assertThat(
            EventLines.of(
                new RunEvent.MiddlewareRevived("tuned", 2, "exit code 137\nkilled by a signal")))
        .isEqualTo("tuned rep 2: starting the middleware again, exit code 137");
  }
}
