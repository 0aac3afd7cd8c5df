package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.experiment.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The adaptive schedule and the paired comparison together, on synthetic series: two steps in
 * rounds, each repetition 4% noise (lognormal) on a level that drifts from round to round as a
 * warming JVM or a noisy host would (both steps alike), repeated until the comparison's minimum
 * detectable effect reaches 5% or 40 rounds. A known effect is found; no effect is not called: the
 * rule never looks at the effect, and it judges the MDE only from round {@link
 * Repetitions#EARLIEST_MDE_STOP} on (judged from round 3 it called about 10% of these no-effect
 * runs significant: a variance from three rounds is small by chance in just the runs it stops).
 */
class AdaptiveStoppingTest {
  private static final Repetitions TO_FIVE_PERCENT =
      new Repetitions(3, 40, 5, 0, Repetitions.Jvm.SHARED, Repetitions.Order.INTERLEAVED);

  /** One simulated run; its comparison of B with A at the end. */
  private static Comparison simulate(Random random, double effect) {
    Schedule schedule = new Schedule(TO_FIVE_PERCENT, 2, random.nextLong());
    List<Estimate> a = new ArrayList<>();
    List<Estimate> b = new ArrayList<>();
    double mde = Double.NaN;
    double level = 1000;
    int lastRound = 0;
    OptionalInt next;
    while ((next = schedule.next(soFar(a.size(), b.size(), mde), 0)).isPresent()) {
      if (schedule.round() != lastRound) {
        lastRound = schedule.round();
        level *= 1 + 0.03 * random.nextGaussian(); // the drift both steps share
      }
      double value = level * Math.exp(0.04 * random.nextGaussian());
      if (next.getAsInt() == 0) {
        a.add(Estimate.of(value));
      } else {
        b.add(Estimate.of(value * (1 + effect)));
      }
      if (a.size() == b.size() && a.size() >= 2) {
        Double detectable = Comparison.paired(a, b, Direction.HIGHER_IS_BETTER).detectable();
        mde = detectable == null ? Double.NaN : detectable;
      }
    }
    return Comparison.paired(a, b, Direction.HIGHER_IS_BETTER);
  }

  private static List<Schedule.StepSoFar> soFar(int a, int b, double mde) {
    return List.of(new Schedule.StepSoFar(a, mde), new Schedule.StepSoFar(b, mde));
  }

  @Test
  void aTenPercentGainIsFoundAndTheRunStopsAtTheTargetPrecision() {
    Random random = new Random(29);
    int found = 0;
    int precise = 0;
    for (int i = 0; i < 200; i++) {
      Comparison c = simulate(random, 0.10);
      found += c.verdict() == Comparison.Verdict.BETTER ? 1 : 0;
      precise += c.detectable() != null && c.detectable() <= 0.05 ? 1 : 0;
    }
    assertThat(found).as("a 10% gain called better").isGreaterThanOrEqualTo(190);
    assertThat(precise).as("runs that stopped at MDE <= 5%").isGreaterThanOrEqualTo(190);
  }

  @Test
  void noEffectIsCalledInAtMostFivePercentOfRuns() {
    Random random = new Random(2026);
    int called = 0;
    int runs = 1000;
    for (int i = 0; i < runs; i++) {
      if (simulate(random, 0).significant()) {
        called++;
      }
    }
    // 5% of 1000 is 50; the binomial's 2-sigma band reaches about 64
    assertThat(called).as("false positives of %d runs", runs).isLessThanOrEqualTo(64);
  }
}
