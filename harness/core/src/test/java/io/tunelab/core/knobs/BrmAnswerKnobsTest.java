package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import org.junit.jupiter.api.Test;

/** The sizes of BRM's billing-care answers: today's by default, bounded, applied live. */
class BrmAnswerKnobsTest {
  private final KnobSet defaults = KnobSet.defaults();

  @Test
  void defaultsAreTheAnswersCommittedBaselinesWereMeasuredWith() {
    assertThat(defaults.get(MocksKnobs.BRM_INVOICES)).isEqualTo(6);
    assertThat(defaults.get(MocksKnobs.BRM_USAGE_LINES)).isEqualTo(8);
  }

  @Test
  void rejectsANegativeOrHugeSizeNamingTheRange() {
    assertThatThrownBy(() -> defaults.with("mocks.brm.usageLines", "-1"))
        .isInstanceOf(BadInputException.class)
        .hasMessage("knob mocks.brm.usageLines must be an integer 1..20000, was '-1'");
    assertThatThrownBy(() -> defaults.with("mocks.brm.invoices", "5001"))
        .isInstanceOf(BadInputException.class)
        .hasMessage("knob mocks.brm.invoices must be an integer 1..5000, was '5001'");
    assertThatThrownBy(() -> defaults.with("mocks.brm.invoices", "many"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("mocks.brm.invoices");
  }

  @Test
  void aNewSizeRestartsNoTier() {
    KnobSet bigger = defaults.with("mocks.brm.invoices", "40").with("mocks.brm.usageLines", "200");

    assertThat(bigger.get(MocksKnobs.BRM_USAGE_LINES)).isEqualTo(200);
    assertThat(bigger.restartsFrom(defaults)).isEmpty();
    assertThat(MocksKnobs.BRM_INVOICES.apply()).isEqualTo(Knob.Apply.LIVE);
  }
}
