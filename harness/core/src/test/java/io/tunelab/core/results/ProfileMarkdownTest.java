package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.JfrProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileMarkdownTest {
  private static JfrProfile profile(double oldFirst, double oldLast, long busySamples) {
    return new JfrProfile(
        "middleware.jfr",
        "default",
        30,
        new JfrProfile.GcSummary(12, 45.2, 8.25, Map.of("G1New", 12)),
        Map.of(
            "young", new JfrProfile.HeapAfterGc(0, 1, 2.5),
            "old", new JfrProfile.HeapAfterGc(oldFirst, oldLast, oldLast),
            "total", new JfrProfile.HeapAfterGc(oldFirst, oldLast + 1, oldLast + 2.5)),
        List.of(
            // 200 samples in the window: 50% and 25%
            new JfrProfile.HotMethod("a.Stopwatch.record", busySamples, 100.0 * busySamples / 200),
            new JfrProfile.HotMethod("b.Xslt.transform", 50, 25.0)),
        List.of(new JfrProfile.Monitor("a.Stopwatch", "a.Diagnostics.activity", 7, 310, 90)),
        List.of(new JfrProfile.Allocation("byte[]", 300, 40)));
  }

  private static RunResult run(Repetition... reps) {
    return TestSteps.run(
        "s",
        reps.length,
        StepResult.of("s", Map.of(), Map.of(), List.of(), Map.of(), List.of(reps)));
  }

  private static Repetition rep(int number, JfrProfile profile) {
    return Repetition.measured(
            number,
            true,
            "ok",
            Metrics.of(1000, new LatencyMillis(1, 2, 3, 4), 0),
            BatchOrderMeasures.of(null),
            null,
            1,
            "s/rep-" + number)
        .withProfile(profile);
  }

  @Test
  void eachRecordedWindowShowsItsCollectionsOldGenerationTopMethodAndMonitor() {
    String md =
        SummaryMarkdown.of(run(rep(1, profile(18, 19.5, 100)), rep(2, profile(19.5, 22, 60))));

    assertThat(md)
        .contains("## Beneath the numbers")
        .contains("### Beneath the numbers: s")
        .contains(
            "| 1 | 12 | 45 ms in all, longest 8.3 ms | 18.0 -> 19.5 MB (most 19.5) | 2.5 MB |"
                + " `a.Stopwatch.record` | `a.Stopwatch` in `a.Diagnostics.activity` (7 waits, 310 ms in"
                + " all) |")
        .contains("| 2 | 12 |")
        .contains("(of 400 samples in 2 windows)")
        // (100 + 60) of 400 and (50 + 50) of 400
        .contains("- `a.Stopwatch.record` 40.0%\n- `b.Xslt.transform` 25.0%");
  }

  @Test
  void aRunWithoutRecordingsHasNoSuchSection() {
    assertThat(SummaryMarkdown.of(run(rep(1, null)))).doesNotContain("Beneath the numbers");
  }

  @Test
  void theProfileReadsBackFromRunJson() throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    Repetition written = rep(1, profile(18, 19.5, 100));

    Repetition read = json.readValue(json.writeValueAsString(written), Repetition.class);

    assertThat(read.profile()).isEqualTo(written.profile());
  }
}
