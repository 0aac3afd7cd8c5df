package io.tunelab.core.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Candidate;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The loop on a model of the order-to-bill flow whose effects are known: the xref index is worth
 * 1.7x, the engine's threads help up to 12 and cost past it, synchronous_commit=off would be faster
 * still. Each trial is six paired repetitions with 1% of noise, judged by the real {@link
 * TrialVerdict}.
 */
class TuneLoopTest {
  private static final KnobRegistry KNOBS = KnobRegistry.standard();
  private static final double[] NOISE = {1.00, 1.01, 0.99, 1.005, 0.995, 1.0};
  private static final String INDEX = DataKnobs.XREF_INDEX.name();
  private static final String THREADS = MiddlewareKnobs.ENGINE_THREADS.name();
  private static final String COMMIT = DbKnobs.SYNCHRONOUS_COMMIT.name();

  /** The model's orders per minute. */
  private static double throughput(Map<String, String> knobs) {
    double index = "on".equals(knobs.get(INDEX)) ? 1.7 : 1.0;
    int threads = Integer.parseInt(knobs.getOrDefault(THREADS, "4"));
    double engine = threads <= 12 ? threads / 12.0 : Math.max(0.1, 1 - (threads - 12) * 0.1);
    double commit = "off".equals(knobs.get(COMMIT)) ? 1.3 : 1.0;
    return 1000 * index * engine * commit;
  }

  /** What the model's findings propose: the scan first while it lasts, then the engine, commits. */
  private static List<Candidate> findings(Map<String, String> knobs) {
    List<Candidate> candidates = new ArrayList<>();
    if (!"on".equals(knobs.get(INDEX))) {
      candidates.add(Candidate.set(DataKnobs.XREF_INDEX, true));
    }
    candidates.add(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS));
    candidates.add(Candidate.set(DbKnobs.SYNCHRONOUS_COMMIT, DbKnobs.SynchronousCommit.OFF));
    return candidates;
  }

  private static final class Model implements TuneLoop.Trials {
    final List<Map<String, String>> compared = new ArrayList<>();

    @Override
    public List<Candidate> observe(Map<String, String> knobs) {
      return findings(knobs);
    }

    @Override
    public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
      compared.add(changed);
      Comparison comparison =
          Comparison.of(repetitions(kept), repetitions(changed), Direction.HIGHER_IS_BETTER);
      return new TuneLoop.Trial(
          TrialVerdict.of("throughput", comparison, Map.of(), List.of()),
          findings(kept),
          findings(changed));
    }

    private static double[] repetitions(Map<String, String> knobs) {
      double[] values = new double[NOISE.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = throughput(knobs) * NOISE[i];
      }
      return values;
    }
  }

  /** A change that moved the throughput by no more than its noise: never kept. */
  private static TrialVerdict withinNoise() {
    double[] a = {1000, 1010, 990, 1005, 995, 1000};
    double[] b = {1004, 992, 1001, 1009, 996, 998};
    return TrialVerdict.of(
        "throughput", Comparison.of(a, b, Direction.HIGHER_IS_BETTER), Map.of(), List.of());
  }

  @Test
  void findsTheLadderTheFindingsLeadTo() {
    Model model = new Model();

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25).run(Map.of(), 20, model);

    assertThat(result.steps())
        .extracting(step -> step.knob() + "=" + step.value() + (step.kept() ? " kept" : ""))
        .containsExactly(
            INDEX + "=on kept",
            THREADS + "=8 kept",
            THREADS + "=16",
            THREADS + "=12 kept",
            THREADS + "=14");
    assertThat(result.end()).containsEntry(INDEX, "on").containsEntry(THREADS, "12");
    assertThat(result.end()).doesNotContainKey(COMMIT);
    assertThat(result.refused()).singleElement().asString().contains("--allow-durability");
    assertThat(result.stopped()).isEqualTo("no finding has a change left to try");
    assertThat(result.steps().get(0).reason()).startsWith("kept: throughput 1.700x");
    assertThat(model.compared).doesNotHaveDuplicates();
  }

  /**
   * An experiment's YAML writes {@code db.xrefIndex: on}, which arrives as {@code true}; a finding
   * proposes {@code on}. The same value: no trial (a tune of the order-to-bill study spent one
   * comparing {@code db.analyze} true with on).
   */
  @Test
  void aValueSpelledAnotherWayIsNotTriedAgain() {
    Model model = new Model();

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(Map.of(INDEX, "true"), 3, model);

    assertThat(result.steps()).noneMatch(step -> step.knob().equals(INDEX));
    assertThat(result.steps()).isNotEmpty();
  }

  @Test
  void durabilityIsTriedOnlyWhenAllowedAndAPinnedKnobNever() {
    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(INDEX), true), 0.25)
            .run(Map.of(), 20, new Model());

    assertThat(result.end()).containsEntry(COMMIT, "off").doesNotContainKey(INDEX);
    assertThat(result.steps()).noneMatch(step -> step.knob().equals(INDEX));
    assertThat(result.refused()).singleElement().asString().contains("pinned");
  }

  @Test
  void theBudgetEndsTheLoopWithWhatWasKeptSoFar() {
    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(Map.of(THREADS, "4"), 2, new Model());

    assertThat(result.steps()).hasSize(2);
    assertThat(result.end()).containsEntry(INDEX, "on").containsEntry(THREADS, "8");
    assertThat(result.start()).isEqualTo(Map.of(THREADS, "4"));
    assertThat(result.stopped()).isEqualTo("the budget of 2 trials was spent");
  }

  /** A tune stopped half-way leaves its path: what was found after each trial is handed over. */
  @Test
  void whatWasFoundIsHandedOverAfterEveryTrialMarkedNotFinished() {
    List<TuneLoop.Result> handed = new ArrayList<>();

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(Map.of(THREADS, "4"), TuneLoop.Budget.ofTrials(2), new Model(), handed::add);

    assertThat(handed).hasSize(2);
    assertThat(handed.get(0).steps()).hasSize(1);
    assertThat(handed.get(0).end()).containsEntry(INDEX, "on");
    assertThat(handed.get(0).finished()).isFalse();
    assertThat(handed.get(0).stopped())
        .isEqualTo("not finished: 1 trial so far (stopped, or still running)");
    assertThat(handed.get(1).steps()).isEqualTo(result.steps());
    assertThat(result.finished()).isTrue();
  }

  @Test
  void aTimeBudgetStartsNoTrialOnceItsTimeHasPassed() {
    long[] now = {0};
    TuneLoop.Trials timed =
        new TuneLoop.Trials() {
          final Model model = new Model();

          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return model.observe(knobs);
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            now[0] += java.time.Duration.ofMinutes(4).toNanos();
            return model.compare(kept, changed);
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(
                Map.of(),
                TuneLoop.Budget.ofTime(java.time.Duration.ofMinutes(10)),
                timed,
                () -> now[0]);

    // started at 0, 4 and 8 minutes; at 12 the time had passed
    assertThat(result.steps()).hasSize(3);
    assertThat(result.stopped()).isEqualTo("the budget of 10 min was spent");
  }

  /** A knob at a fractional value is named as not searched, never tried and never a crash. */
  @Test
  void aFractionalKnobIsNotSearched() {
    TuneLoop.Trials fractional =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return List.of(Candidate.raise(io.tunelab.core.knobs.WorkloadKnobs.STEADY_TOLERANCE));
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            throw new AssertionError("nothing is tried");
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(
                Map.of(io.tunelab.core.knobs.WorkloadKnobs.STEADY_TOLERANCE.name(), "12.5"),
                5,
                fractional);

    assertThat(result.steps()).isEmpty();
    assertThat(result.refused()).singleElement().asString().contains("only whole numbers");
  }

  /** A change within noise is never kept: a flat model ends where it started. */
  @Test
  void nothingIsKeptWhereNothingHelps() {
    TuneLoop.Trials flat =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return List.of(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS));
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            return new TuneLoop.Trial(withinNoise(), observe(kept), observe(changed));
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25).run(Map.of(), 20, flat);

    assertThat(result.end()).isEmpty();
    assertThat(result.steps()).isNotEmpty().noneMatch(TuneLoop.Step::kept);
    assertThat(result.steps().get(0).reason()).contains("within noise");
    assertThat(result.stopped()).isEqualTo("no finding has a change left to try");
  }

  /**
   * A finding near its threshold fires in one window of a configuration and not in the next (the
   * engine's saturation in a short window): what the configuration's earlier measurement proposed
   * is still tried after a trial that kept nothing, where the trial's own measurement alone would
   * have ended the loop.
   */
  @Test
  void aCandidateOfAnEarlierMeasurementOfTheSameConfigurationIsStillTried() {
    TuneLoop.Trials flickering =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return List.of(
                Candidate.set(DataKnobs.XREF_INDEX, true),
                Candidate.raise(MiddlewareKnobs.ENGINE_THREADS));
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            // the re-measured start proposed the index alone this time
            return new TuneLoop.Trial(
                withinNoise(), List.of(Candidate.set(DataKnobs.XREF_INDEX, true)), List.of());
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25).run(Map.of(), 2, flickering);

    assertThat(result.steps()).extracting(TuneLoop.Step::knob).containsExactly(INDEX, THREADS);
    assertThat(result.stopped()).isEqualTo("the budget of 2 trials was spent");
  }

  /**
   * The sort hub's bind variables save a plan only with server-side prepared statements and their
   * cache (docs/sort-hub.md: bind alone 0.986x of the database's CPU per request, with the cache
   * 0.50x): from the untuned start (prepare and cache off) one trial sets all three, where one knob
   * at a time would have tried each within noise; a need already met (a threshold of 5) is left.
   */
  @Test
  void aChangeIsTriedWithWhatItNeedsWhereTheConfigurationLacksIt() {
    String sql = MiddlewareKnobs.SORT_SQL.name();
    String prepare = MiddlewareKnobs.JDBC_PREPARE_THRESHOLD.name();
    String cache = MiddlewareKnobs.JDBC_STATEMENT_CACHE.name();
    Candidate bind =
        Candidate.set(MiddlewareKnobs.SORT_SQL, MiddlewareKnobs.SortSql.BIND)
            .needing(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1)
            .needing(MiddlewareKnobs.JDBC_STATEMENT_CACHE, 256);
    List<Map<String, String>> compared = new ArrayList<>();
    TuneLoop.Trials hub =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return List.of(bind);
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            compared.add(changed);
            Comparison comparison =
                Comparison.of(requests(kept), requests(changed), Direction.HIGHER_IS_BETTER);
            return new TuneLoop.Trial(
                TrialVerdict.of("throughput", comparison, Map.of(), List.of()),
                observe(kept),
                observe(changed));
          }

          private double[] requests(Map<String, String> knobs) {
            boolean reused =
                "bind".equals(knobs.get(sql))
                    && Integer.parseInt(knobs.getOrDefault(prepare, "5")) > 0
                    && Integer.parseInt(knobs.getOrDefault(cache, "256")) > 0;
            double[] values = new double[NOISE.length];
            for (int i = 0; i < values.length; i++) {
              values[i] = (reused ? 2000 : 1000) * NOISE[i];
            }
            return values;
          }
        };
    Map<String, String> untuned = Map.of(sql, "literal", prepare, "0", cache, "0");

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25).run(untuned, 5, hub);

    assertThat(result.steps()).hasSize(1);
    TuneLoop.Step step = result.steps().get(0);
    assertThat(step.kept()).isTrue();
    assertThat(step.with()).containsExactly(Map.entry(prepare, "1"), Map.entry(cache, "256"));
    assertThat(step.label()).isEqualTo(sql + "=bind with " + prepare + "=1, " + cache + "=256");
    assertThat(result.end()).containsEntry(sql, "bind").containsEntry(prepare, "1");
    assertThat(result.stopped()).isEqualTo("no finding has a change left to try");

    compared.clear();
    TuneLoop.Result prepared =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25)
            .run(Map.of(sql, "literal", prepare, "5", cache, "0"), 5, hub);

    assertThat(prepared.steps().get(0).with()).containsExactly(Map.entry(cache, "256"));
    assertThat(compared.get(0)).containsEntry(prepare, "5");
  }

  /** A need the tuner may not set (pinned) keeps the change from being tried without it. */
  @Test
  void aChangeWhoseNeedIsPinnedIsNotTried() {
    String prepare = MiddlewareKnobs.JDBC_PREPARE_THRESHOLD.name();
    Candidate bind =
        Candidate.set(MiddlewareKnobs.SORT_SQL, MiddlewareKnobs.SortSql.BIND)
            .needing(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1);
    TuneLoop.Trials never =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return List.of(bind);
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            throw new AssertionError("tried " + changed);
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(prepare), false), 0.25)
            .run(Map.of(prepare, "0"), 5, never);

    assertThat(result.steps()).isEmpty();
    assertThat(result.refused()).singleElement().asString().contains("pinned");
  }

  /**
   * Once the kept configuration misses no deadline the goal has nothing left to gain: the loop
   * stops, where a sort hub tune spent two more trials from a configuration that had missed none.
   */
  @Test
  void aGoalAtItsFloorEndsTheLoop() {
    Model model = new Model();
    TuneLoop.Trials floored =
        new TuneLoop.Trials() {
          @Override
          public List<Candidate> observe(Map<String, String> knobs) {
            return model.observe(knobs);
          }

          @Override
          public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
            return model.compare(kept, changed);
          }

          @Override
          public java.util.Optional<String> atFloor(Map<String, String> knobs) {
            return "on".equals(knobs.get(INDEX))
                ? java.util.Optional.of("no deadline was missed")
                : java.util.Optional.empty();
          }
        };

    TuneLoop.Result result =
        new TuneLoop(KNOBS, new TuneSafety(Set.of(), false), 0.25).run(Map.of(), 20, floored);

    assertThat(result.steps()).singleElement().matches(TuneLoop.Step::kept);
    assertThat(result.stopped()).isEqualTo("the goal is at its floor: no deadline was missed");
    assertThat(result.finished()).isTrue();
  }
}
