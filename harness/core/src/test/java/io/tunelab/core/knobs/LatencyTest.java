package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LatencyTest {
  @Test
  void readsTheThreeForms() {
    assertThat(Latency.parse("500")).isEqualTo(new Latency.Fixed(500));
    assertThat(Latency.parse("fixed:250")).isEqualTo(new Latency.Fixed(250));
    assertThat(Latency.parse("uniform:400..600")).isEqualTo(new Latency.Uniform(400, 600));
    assertThat(Latency.parse("lognormal:500:0.25")).isEqualTo(new Latency.LogNormal(500, 0.25));
  }

  @ParameterizedTest
  @ValueSource(strings = {"500", "uniform:400..600", "lognormal:500:0.25", "lognormal:2.5:1"})
  void textReadsBackToTheSameLatency(String text) {
    Latency latency = Latency.parse(text);

    assertThat(Latency.parse(latency.text())).isEqualTo(latency);
  }

  @Test
  void meanOfLognormalIsAboveItsMedian() {
    assertThat(new Latency.LogNormal(500, 0.5).meanMillis())
        .isCloseTo(500 * Math.exp(0.125), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(new Latency.Uniform(400, 600).meanMillis()).isEqualTo(500);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "slow", "-5", "uniform:600..400", "uniform:5", "lognormal:500"})
  void rejectsWhatItCannotRead(String text) {
    assertThatThrownBy(() -> Latency.parse(text)).isInstanceOf(BadInputException.class);
  }
}
