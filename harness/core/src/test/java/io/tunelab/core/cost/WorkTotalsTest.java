package io.tunelab.core.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkTotalsTest {
  private static final double EPSILON = 1e-9;

  @Test
  void cpuMillisPerUnitComeFromTheIntegratedWindowWithoutTheWarmup() {
    // Warm-up (0..2 s) at 400%; measured 2..5 s: 1 s at 100%, then 2 s at 50% (uneven intervals).
    List<CpuSample> samples =
        List.of(
            new CpuSample(2_000, 2, 50, Map.of("middleware", 400.0, "db", 100.0)),
            new CpuSample(3_000, 1, 50, Map.of("middleware", 100.0, "db", 20.0)),
            new CpuSample(5_000, 2, 50, Map.of("middleware", 50.0, "db", 10.0, "load", 90.0)));
    WorkTotals totals =
        WorkTotals.of(CpuWindow.of(samples, 2, 2_000, 5_000), 400_000.0, 90.0, 30.0);

    WorkCost cost = totals.perUnit(10).orElseThrow();

    // middleware 1 s x 100% + 2 s x 50% = 2,000 CPU ms; db 200 + 200 = 400 ms; per 10 units.
    assertThat(cost.cpuMillisPerUnit().get("middleware")).isCloseTo(200, within(EPSILON));
    assertThat(cost.cpuMillisPerUnit().get("db")).isCloseTo(40, within(EPSILON));
    assertThat(cost.cpuMillisPerUnit().get("broker")).isZero();
    assertThat(cost.cpuMillisPerUnit()).doesNotContainKey("load");
    assertThat(cost.sutCpuMillisPerUnit()).isCloseTo(240, within(EPSILON));
    assertThat(cost.walBytesPerUnit()).isCloseTo(40_000, within(EPSILON));
    assertThat(cost.statementsPerUnit()).isCloseTo(9, within(EPSILON));
    assertThat(cost.commitsPerUnit()).isCloseTo(3, within(EPSILON));
    assertThat(cost.units()).isEqualTo(10);
    assertThat(cost.windowMillis()).isEqualTo(3_000);
  }

  @Test
  void withoutCompletedUnitsThereIsNoCostPerUnit() {
    WorkTotals totals = new WorkTotals(60_000, Map.of("middleware", 5_000.0), 1.0, 1.0, 1.0);

    assertThat(totals.perUnit(0)).isEmpty();
  }

  @Test
  void databaseCountersNotReadStayUnknown() {
    WorkTotals totals = new WorkTotals(60_000, Map.of("middleware", 5_000.0), null, null, null);

    WorkCost cost = totals.perUnit(50).orElseThrow();

    assertThat(cost.walBytesPerUnit()).isNull();
    assertThat(cost.statementsPerUnit()).isNull();
    assertThat(cost.commitsPerUnit()).isNull();
    assertThat(cost.sutCpuMillisPerUnit()).isCloseTo(100, within(EPSILON));
  }
}
