package io.tunelab.core.stack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TierNameTest {
  @Test
  void labelsAreTheNamesResultsAndSeriesAlreadyUse() {
    assertThat(TierName.systemUnderTest())
        .extracting(TierName::label)
        .containsExactly("middleware", "db", "broker");
    assertThat(TierName.harness())
        .extracting(TierName::label)
        .containsExactly("load", "mocks", "controller");
  }

  @Test
  void aLabelReadsBackAsItsTierAndAnUnknownOneAsNone() {
    for (TierName tier : TierName.values()) {
      assertThat(TierName.ofLabel(tier.label())).contains(tier);
    }
    assertThat(TierName.ofLabel("stack")).isEmpty();
    assertThat(TierName.ofLabel("DB")).isEmpty();
  }
}
