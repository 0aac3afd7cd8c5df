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
        "p99 2000                   | it is not METRIC [of OPERATION] OP VALUE",
        "p99 = 2000                 | it is not METRIC [of OPERATION] OP VALUE",
        "p99 < fast                 | it is not METRIC [of OPERATION] OP VALUE",
        "p101 < 2 s                 | there is no metric 'p101'",
        "cpuPerUnit of publish < 2 ms | cpuPerUnit is the system's, not an operation's",
        "mean < 2 kg                | mean is in ms (or s), not 'kg'",
        "p95 >= 90% of baseline     | p95 is better lower: a relative threshold bounds how much worse it may get, so write p95 <= N% of baseline",
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
        .hasMessageContaining("A threshold is METRIC [of OPERATION] OP VALUE, e.g. 'p99 <");
  }

  @Test
  void anEmptyThresholdIsRefused() {
    assertThatThrownBy(() -> Threshold.parse("", WHERE))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("it is not METRIC [of OPERATION] OP VALUE");
    assertThatThrownBy(() -> Threshold.parse(null, WHERE)).isInstanceOf(BadInputException.class);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "p95 < 800 ms                         | p95                     | PERCENTILE | 95",
        "p(75) < 1 s                          | p75                     | PERCENTILE | 75",
        "p99.99 < 3 s                         | p99.99                  | PERCENTILE | 99.99",
        "p99.9 < 3 s                          | p999                    | METRIC     | 99.9",
        "p999 < 3 s                           | p999                    | METRIC     | 99.9",
        "mean < 300 ms                        | mean                    | MEAN       | 0",
        "avg <= 0.3 s                         | mean                    | MEAN       | 0",
        "p95 of GetInvoiceList < 800 ms       | p95 of GetInvoiceList   | PERCENTILE | 95",
        "p99 of GetInvoiceList <= 110% of baseline | p99 of GetInvoiceList | PERCENTILE | 99",
        "errors of publish < 1%               | errors of publish       | METRIC     | 0",
        "mean of \"Get Invoice List\" < 300 ms | mean of Get Invoice List | MEAN      | 0",
        "max of SC < 2 s                      | max of SC               | METRIC     | 0"
      })
  void readsAnyPercentileTheMeanAndOneOperationsFigures(
      String text, String label, GateMeasure.Kind kind, double percentile) {
    Threshold t = Threshold.parse(text, WHERE);

    assertThat(t.measure().label()).isEqualTo(label);
    assertThat(t.measure().kind()).isEqualTo(kind);
    if (kind == GateMeasure.Kind.PERCENTILE) {
      assertThat(t.measure().percentile()).isEqualTo(percentile);
    }
    assertThat(t.measure().direction()).isEqualTo(io.tunelab.core.stats.Direction.LOWER_IS_BETTER);
  }

  @Test
  void aStepCanBeNamedBeforeAThresholdOnTheCommandLine() {
    StepThreshold every = StepThreshold.parse("p95 < 800 ms", "--threshold");
    StepThreshold one =
        StepThreshold.parse("brm.latency=500: p95 of GetInvoiceList < 8 s", "--threshold");

    assertThat(every.step()).isEqualTo(StepThreshold.EVERY_STEP);
    assertThat(one.step()).isEqualTo("brm.latency=500");
    assertThat(one.threshold().limit()).isEqualTo(8000);
    assertThat(one.threshold().measure().operation()).isEqualTo("GetInvoiceList");
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
