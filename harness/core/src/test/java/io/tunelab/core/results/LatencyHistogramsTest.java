package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {
  @Test
  void encodedHistogramDecodesToTheSameCounts() {
    Histogram histogram = new Histogram(3_600_000, 3);
    histogram.recordValueWithCount(12, 7);
    histogram.recordValue(2_500_000);

    Histogram decoded = LatencyHistograms.decode(LatencyHistograms.encode(histogram));

    assertThat(decoded).isEqualTo(histogram);
    assertThat(decoded.getTotalCount()).isEqualTo(8);
  }

  @Test
  void refusesTextThatIsNoHistogram() {
    assertThatThrownBy(() -> LatencyHistograms.decode("bm90IGEgaGlzdG9ncmFt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not an encoded HdrHistogram");
  }
}
