package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StudyReaderTest {
  private static final String FILE = "experiments/studies/x.yaml";
  private static final String LADDER =
      """
      plan: batch-order
      baseline: untuned
      steps:
        - name: untuned
        - name: audit-production
          knobs: {middleware.audit.level: production}
        - name: transient
          knobs: {middleware.instance.persistence: faulted}
      """;

  private Experiment parse(String study) {
    return new ExperimentReader().parse(FILE, "x", LADDER + study, Map.of(), OptionalInt.empty());
  }

  private void assertBad(String study, String... fragments) {
    assertThatThrownBy(() -> parse(study))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(FILE + ": study")
        .hasMessageContainingAll(fragments);
  }

  @Test
  void aStudyBlockIsReadWithThroughputAsTheDefaultMetric() {
    Experiment experiment =
        parse(
            """
            study:
              name: AIA order-to-bill
              expect:
                - step: transient
                  against: previous
                  direction: up
                  effect: about +40% on top
                - {step: transient, against: baseline, direction: up, effect: a large gain}
            """);

    Study study = experiment.studyBlock().orElseThrow();
    assertThat(study.name()).isEqualTo("AIA order-to-bill");
    assertThat(study.metric()).isEqualTo(StudyMetric.THROUGHPUT);
    assertThat(study.expectations())
        .containsExactly(
            new Study.Expectation(
                "transient", Study.Against.PREVIOUS, Study.Direction.UP, "about +40% on top"),
            new Study.Expectation(
                "transient", Study.Against.BASELINE, Study.Direction.UP, "a large gain"));
  }

  @Test
  void anExperimentWithoutAStudyBlockHasNone() {
    assertThat(parse("").studyBlock()).isEmpty();
  }

  @Test
  void aMetricIsNamedWithItsUnit() {
    Experiment experiment =
        parse(
            """
            study:
              name: AIA billing care
              metric: latencyP99Millis
              expect: [{step: transient, against: previous, direction: down, effect: -16% mean}]
            """);

    assertThat(experiment.studyBlock().orElseThrow().metric())
        .isEqualTo(StudyMetric.LATENCY_P99_MILLIS);
  }

  @Test
  void rejectsAStepThatIsNotInTheExperimentNamingTheSteps() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: transiant, against: previous, direction: up, effect: +40%}]
        """,
        "study.expect[0].step: names no step: 'transiant'",
        "the steps are untuned, audit-production, transient");
  }

  @Test
  void rejectsPreviousOnTheFirstStep() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: untuned, against: previous, direction: up, effect: +40%}]
        """,
        "study.expect[0].against: step untuned is the first", "use against: baseline");
  }

  @Test
  void rejectsTheBaselineAgainstItself() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: untuned, against: baseline, direction: up, effect: +40%}]
        """,
        "step untuned is the baseline");
  }

  @Test
  void rejectsAnUnknownFieldInTheBlockAndInAnExpectation() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          paper: x
          expect: [{step: transient, against: previous, direction: up, effect: +40%}]
        """,
        "study.paper: unknown field; allowed here: name, metric, expect");
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: transient, vs: previous, direction: up, effect: +40%}]
        """,
        "study.expect[0].vs: unknown field; allowed here: step, against, direction, effect");
  }

  @Test
  void rejectsAMissingFieldSayingWhatIsNeeded() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: transient, against: previous, effect: +40%}]
        """,
        "study.expect[0]: direction is missing");
    assertBad(
        """
        study:
          expect: [{step: transient, against: previous, direction: up, effect: +40%}]
        """,
        "study: name is missing", "e.g. study:");
  }

  @Test
  void rejectsUnknownValuesListingTheAllowedOnes() {
    assertBad(
        """
        study:
          name: AIA order-to-bill
          metric: speed
          expect: [{step: transient, against: previous, direction: up, effect: +40%}]
        """,
        "study.metric: unknown metric 'speed'; allowed: throughput, latencyMeanMillis");
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: transient, against: previous, direction: higher, effect: +40%}]
        """,
        "study.expect[0].direction: must be one of up, down, none, was 'higher'");
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: [{step: transient, against: first, direction: up, effect: +40%}]
        """,
        "study.expect[0].against: must be one of previous, baseline, was 'first'");
  }

  @Test
  void rejectsAMalformedBlock() {
    assertBad("study: AIA order-to-bill\n", "study: must be a mapping with name: and expect:");
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect: []
        """,
        "study.expect: must be a list of one or more");
    assertBad(
        """
        study:
          name: AIA order-to-bill
          expect:
            - {step: transient, against: previous, direction: up, effect: +40%}
            - {step: transient, against: previous, direction: up, effect: again}
        """,
        "study.expect[1]: step transient against previous is expected twice");
  }
}
