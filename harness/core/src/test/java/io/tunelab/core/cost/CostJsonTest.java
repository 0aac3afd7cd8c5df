package io.tunelab.core.cost;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cost records read back as written, as run.json will hold them. */
class CostJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final CpuWindow WINDOW =
      CpuWindow.of(
          List.of(
              new CpuSample(
                  1_000, 1, 70, Map.of("load", 20.0, "middleware", 90.0, "controller", 10.0))),
          2,
          0,
          1_000);

  private static final CpuWindow STEAL_WINDOW =
      CpuWindow.of(List.of(new CpuSample(1_000, 1, 70, 12.5, Map.of("db", 90.0))), 2, 0, 1_000);

  private static <T> T roundTrip(T value, Class<T> type) throws Exception {
    return JSON.readValue(JSON.writeValueAsString(value), type);
  }

  @Test
  void everyCostRecordReadsBackEqual() throws Exception {
    HarnessCost harness = HarnessCost.of(WINDOW, 5);
    WorkCost work = WorkTotals.of(WINDOW, 8_192.0, 12.0, null).perUnit(4).orElseThrow();
    MachineNoise noise =
        MachineNoise.of(
                WINDOW,
                0.7,
                null,
                new MachineNoise.IdleReading(500, 10, 2, 3.0),
                104.5,
                2_310.0,
                9.5)
            .orElseThrow();
    MachineNoise withSteal =
        MachineNoise.of(
                STEAL_WINDOW,
                null,
                null,
                new MachineNoise.IdleReading(500, 10, 2, null),
                null,
                null,
                null)
            .orElseThrow();

    assertThat(roundTrip(harness, HarnessCost.class)).isEqualTo(harness);
    assertThat(roundTrip(work, WorkCost.class)).isEqualTo(work);
    assertThat(roundTrip(noise, MachineNoise.class)).isEqualTo(noise);
    assertThat(roundTrip(withSteal, MachineNoise.class)).isEqualTo(withSteal);
    assertThat(withSteal.stealPercentOfMachine()).isEqualTo(12.5);
  }

  @Test
  void unknownFiguresAreLeftOutOfTheJson() throws Exception {
    WorkCost work = WorkTotals.of(WINDOW, null, null, null).perUnit(4).orElseThrow();

    assertThat(JSON.writeValueAsString(work))
        .doesNotContain("walBytesPerUnit", "statementsPerUnit", "commitsPerUnit");
    assertThat(
            JSON.writeValueAsString(
                MachineNoise.of(WINDOW, null, null, null, null, null, null).orElseThrow()))
        .doesNotContain(
            "loadAverageAtStart",
            "beforeSampling",
            "stealPercentOfMachine",
            "hostPaceMicros",
            "memoryPaceMicros",
            "roundTripPaceMicros");
    assertThat(JSON.writeValueAsString(new MachineNoise.IdleReading(500, 10, 2, null)))
        .doesNotContain("stealPercentOfMachine");
  }

  @Test
  void aRunJsonWrittenBeforeStealWasReadReadsBackWithStealUnknown() throws Exception {
    String before =
        "{\"machineCores\":2,\"windowMillis\":1000,\"outsidePercentOfMachine\":10.0,"
            + "\"machineBusyPercent\":70.0,\"stackPercentOfMachine\":60.0,"
            + "\"beforeSampling\":{\"millis\":500,\"machineBusyPercent\":10.0,"
            + "\"outsidePercentOfMachine\":2.0}}";

    MachineNoise noise = JSON.readValue(before, MachineNoise.class);

    assertThat(noise.stealPercentOfMachine()).isNull();
    assertThat(noise.beforeSampling().stealPercentOfMachine()).isNull();
    assertThat(noise.outsidePercentOfMachine()).isEqualTo(10.0);
  }
}
