package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepeatCountsTest {
  @Test
  void aSectionNobodySetKeepsItsFilesDefault() {
    RepeatCounts counts = new RepeatCounts();
    counts.set(Map.of("invoices", 40));

    assertThat(counts.count("invoices", 6)).isEqualTo(40);
    assertThat(counts.count("usageLines", 8)).isEqualTo(8);
    assertThat(counts.all()).isEqualTo(Map.of("invoices", 40));
  }

  @Test
  void aBadCountChangesNothing() {
    RepeatCounts counts = new RepeatCounts();
    Map<String, Integer> half = new LinkedHashMap<>();
    half.put("invoices", 40);
    half.put("usageLines", -1);

    assertThatThrownBy(() -> counts.set(half))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the lines of section usageLines must be a whole number 0..100000, was -1");
    assertThat(counts.all()).isEmpty();
    assertThatThrownBy(() -> counts.set(Map.of("usage-lines", 1)))
        .hasMessageContaining("letters and digits");
    assertThatThrownBy(() -> counts.set(Map.of("invoices", RepeatCounts.MAX + 1)))
        .hasMessageContaining("0..100000");
  }
}
