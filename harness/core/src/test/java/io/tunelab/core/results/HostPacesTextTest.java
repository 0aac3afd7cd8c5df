package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.MachineNoise;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostPacesTextTest {
  private static MachineNoise noise(Double cores, Double memory, Double trip) {
    return new MachineNoise(2, 20_000, 1, 0.0, 90, 85, null, null, null, cores, memory, trip);
  }

  private static RunResult run(MachineNoise... noises) {
    double[] throughputs = new double[noises.length];
    java.util.Arrays.fill(throughputs, 100);
    StepResult base = TestSteps.step("a", Map.of(), throughputs);
    List<Repetition> reps = new java.util.ArrayList<>();
    for (int i = 0; i < noises.length; i++) {
      reps.add(base.repetitions().get(i).withCosts(null, null, noises[i]));
    }
    StepResult step = StepResult.of("a", Map.of(), Map.of(), List.of(), Map.of(), reps);
    return TestSteps.run("a", noises.length, step);
  }

  @Test
  void theMediansOfEveryRepetitionsPacesAreStated() {
    String text =
        HostPacesText.of(
            run(noise(380.0, 1500.0, 8.0), noise(390.0, 1700.0, 9.0), noise(400.0, 1600.0, 12.5)));

    assertThat(text)
        .contains("cores 390 us")
        .contains("memory 1,600 us")
        .contains("a round trip between threads 9.0 us");
  }

  @Test
  void aPaceNoRepetitionReadIsLeftOutAndNoneReadSaysNothing() {
    assertThat(HostPacesText.of(run(noise(380.0, null, null), noise(400.0, null, null))))
        .contains("cores 390 us")
        .doesNotContain("memory")
        .doesNotContain("round trip");
    assertThat(HostPacesText.of(run(noise(null, null, null)))).isEmpty();
  }
}
