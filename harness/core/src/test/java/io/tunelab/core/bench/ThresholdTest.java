package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdTest {
  private static final String WHERE = "benchmarks/nightly.yaml: quickstart, step baseline";

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "p99 < 2000 ms              | P99        | LT | 2000   | false",
        "p99<2s                     | P99        | LT | 2000   | false",
        "p50 <= 150                 | P50        | LE | 150    | false",
        "errors < 1%                | ERRORS     | LT | 1      | false",
        "throughput >= 300          | THROUGHPUT | GE | 300    | false",
        "throughput >= 300 orders/min | THROUGHPUT | GE | 300  | false",
        "throughput >= 95% of baseline | THROUGHPUT | GE | 0.95 | true",
        "p99 <= 110% of baseline    | P99        | LE | 1.1    | true",
        "cpuPerUnit < 25.5 ms       | CPU_PER_UNIT | LT | 25.5 | false",
        "walBytesPerUnit <= 4096 bytes | WAL_BYTES_PER_UNIT | LE | 4096 | false"
      })
  void readsEveryForm(String text, GateMetric metric, Threshold.Op op, double limit, boolean rel) {
    Threshold t = Threshold.parse(text, WHERE);

    assertThat(t.metric()).isEqualTo(metric);
    assertThat(t.op()).isEqualTo(op);
    assertThat(t.limit()).isCloseTo(limit, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.relative()).isEqualTo(rel);
    assertThat(t.text()).isEqualTo(text.strip());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "latency < 2000 ms          | there is no metric 'latency' (metrics: throughput, p50",
        "p99 2000                   | it is not METRIC OP VALUE",
        "p99 = 2000                 | it is not METRIC OP VALUE",
        "p99 < fast                 | it is not METRIC OP VALUE",
        "p99 < 2000 msec            | p99 is in ms (or s), not 'msec'",
        "errors < 1                 | errors are a percentage of the attempts: write errors < 1%",
        "throughput >= 300 rps      | throughput is per minute",
        "throughput <= 95% of baseline | throughput is better higher: a relative threshold bounds how much worse it may get, so write throughput >= N% of baseline",
        "p99 >= 90% of baseline     | p99 is better lower",
        "p99 <= 0% of baseline      | the percentage of the baseline must be above 0",
        "statementsPerUnit < 30 ms  | statementsPerUnit has no unit, not 'ms'"
      })
  void refusesABadThresholdNamingItWhereItIsAndTheForm(String text, String why) {
    assertThatThrownBy(() -> Threshold.parse(text, WHERE))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(WHERE + ": threshold '" + text + "': ")
        .hasMessageContaining(why)
        .hasMessageContaining("A threshold is METRIC OP VALUE, e.g. 'p99 < 2000 ms'");
  }

  @Test
  void anEmptyThresholdIsRefused() {
    assertThatThrownBy(() -> Threshold.parse("", WHERE))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("it is not METRIC OP VALUE");
    assertThatThrownBy(() -> Threshold.parse(null, WHERE)).isInstanceOf(BadInputException.class);
  }

  @Test
  void operatorsHoldAsWritten() {
    assertThat(Threshold.Op.LT.holds(1, 2)).isTrue();
    assertThat(Threshold.Op.LT.holds(2, 2)).isFalse();
    assertThat(Threshold.Op.LE.holds(2, 2)).isTrue();
    assertThat(Threshold.Op.GT.holds(2, 2)).isFalse();
    assertThat(Threshold.Op.GE.holds(2, 2)).isTrue();
    assertThat(Threshold.Op.GE.holds(1, 2)).isFalse();
  }
}
