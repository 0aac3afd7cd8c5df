package io.tunelab.core.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiscussionTest {
  private static final String LADDER =
      """
      study:
        name: AIA order-to-bill
        expect:
          - {step: b, against: previous, direction: up, effect: a large gain}
          - {step: c, against: previous, direction: up, effect: about +40% on top}
          - {step: c, against: baseline, direction: up, effect: about twice the start}
      """;

  @TempDir Path dir;

  private StudySummary summary() {
    return StudyRecorder.record(
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("c", 196, 200, 192)
            .walPerUnit("c", 1000, 1100, 1050)
            .writeAndRead(dir),
        SyntheticRun.experiment(LADDER));
  }

  @Test
  void placeholdersAreFilledFromTheSummary() {
    String text =
        Discussion.render(
            "Transient {change:c} ({ci:c}, {p:c}; the study {effect:c}), {median:c},"
                + " WAL {cost:c:walBytes} B per order.",
            summary());

    assertThat(text)
        .startsWith("Transient +40.0% (+")
        .contains("the study about +40% on top")
        .contains("196 orders/min")
        .contains("WAL 1,050 B per order.");
  }

  @Test
  void aStepWithTwoExpectationsPicksOneByWhatItIsComparedWith() {
    StudySummary summary = summary();

    assertThat(Discussion.render("{change:c}", summary)).isEqualTo("+40.0%");
    assertThat(Discussion.render("{change:c:previous}", summary)).isEqualTo("+40.0%");
    assertThat(Discussion.render("{change:c:baseline}; {effect:c:baseline}", summary))
        .isEqualTo("+96.0%; about twice the start");
    assertThatThrownBy(() -> Discussion.check("{change:c:start}", summary))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("{change:c:start} names nothing");
  }

  @Test
  void aTypedPercentageOrPIsRefusedNamingThePlaceholders() {
    StudySummary summary = summary();

    assertThatThrownBy(() -> Discussion.check("Transient is +40.3% (p 0.024).", summary))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("the number '+40.3%' is typed")
        .hasMessageContaining("the number 'p 0.024' is typed")
        .hasMessageContaining("{change:STEP}");
  }

  @Test
  void aPlaceholderNamingNothingIsRefused() {
    assertThatThrownBy(() -> Discussion.check("{change:nosuchstep}", summary()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("{change:nosuchstep} names nothing");
  }

  @Test
  void theStudysOwnNumbersComeThroughItsEffect() {
    StudySummary summary = summary();

    org.assertj.core.api.Assertions.assertThatCode(
            () -> Discussion.check("{change:c}, the study {effect:c}.", summary))
        .doesNotThrowAnyException();
    assertThat(Discussion.render("the study {effect:c}", summary))
        .isEqualTo("the study about +40% on top");
  }
}
