package io.tunelab.core.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrialVerdictTest {
  private static final double[] KEPT = {1000, 1010, 990, 1005, 995};
  private static final double[] FASTER = {1200, 1210, 1190, 1205, 1195};
  private static final double[] NOISY = {900, 1150, 980, 1060, 1000};

  private static Comparison throughput(double[] b) {
    return Comparison.of(KEPT, b, Direction.HIGHER_IS_BETTER);
  }

  private static Comparison p99(double[] a, double[] b) {
    return Comparison.of(a, b, Direction.LOWER_IS_BETTER);
  }

  @Test
  void aSignificantGainWithNoGuardWorseIsKept() {
    TrialVerdict verdict =
        TrialVerdict.of(
            "throughput",
            throughput(FASTER),
            Map.of("p99", p99(new double[] {80, 82, 79}, new double[] {81, 80, 80})),
            List.of());

    assertThat(verdict.keep()).isTrue();
    assertThat(verdict.reason()).startsWith("kept: throughput 1.200x [").contains(", p ");
  }

  @Test
  void aGainWithinNoiseIsNotKeptAndSaysWhatCouldHaveBeenSeen() {
    TrialVerdict verdict = TrialVerdict.of("throughput", throughput(NOISY), Map.of(), List.of());

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason()).contains("within noise (MDE ");
  }

  @Test
  void aGuardSignificantlyWorseRejectsASignificantGain() {
    Map<String, Comparison> guards = new LinkedHashMap<>();
    guards.put("errors", p99(new double[] {0, 0.1, 0}, new double[] {0, 0.1, 0.1}));
    guards.put("p99", p99(new double[] {80, 82, 79, 81}, new double[] {160, 158, 163, 161}));

    TrialVerdict verdict = TrialVerdict.of("throughput", throughput(FASTER), guards, List.of());

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason())
        .startsWith("not kept: throughput 1.200x")
        .contains("but p99 worse 1.99")
        .doesNotContain("errors worse");
  }

  @Test
  void lostOrdersRejectWhateverTheNumbersSay() {
    TrialVerdict verdict =
        TrialVerdict.of("throughput", throughput(FASTER), Map.of(), List.of("3 orders lost"));

    assertThat(verdict).isEqualTo(new TrialVerdict(false, "not kept: 3 orders lost"));
  }

  @Test
  void aWorseGoalOrTooFewRepetitionsAreNotKept() {
    assertThat(
            TrialVerdict.of(
                    "throughput",
                    Comparison.of(FASTER, KEPT, Direction.HIGHER_IS_BETTER),
                    Map.of(),
                    List.of())
                .reason())
        .endsWith(", worse");
    assertThat(
            TrialVerdict.of(
                    "throughput",
                    Comparison.of(
                        new double[] {1000}, new double[] {1200}, Direction.HIGHER_IS_BETTER),
                    Map.of(),
                    List.of())
                .reason())
        .isEqualTo("not kept: throughput had too few repetitions to tell");
  }
}
