package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.findings.GcData;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GcReportTest {
  private static final long MEASURED_FROM = 1_000_000;
  private static final GcReport.Recording RECORDING =
      new GcReport.Recording("middleware.jfr", true);

  // one pause in the warm-up, three measured: a young one, G1's remark (no heap summary), a full
  private static final GcPauses.Read READ =
      new GcPauses.Read(
          List.of(
              new GcPauses.Pause(
                  MEASURED_FROM - 700, "G1New", "G1 Evacuation Pause", 6, 3, 24, 2, 26.355),
              new GcPauses.Pause(
                  MEASURED_FROM + 100, "G1New", "G1 Evacuation Pause", 20, 9, 24, 4, 3.0),
              new GcPauses.Pause(
                  MEASURED_FROM + 300,
                  "G1Old",
                  "G1 Humongous Allocation",
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  5.42),
              new GcPauses.Pause(
                  MEASURED_FROM + 500, "G1Full", "System.gc()", 22, 17, 32, 0, 18.65)),
          Optional.of("G1New + G1Old"));

  @Test
  void aMeasuredWindowSumsOnlyItsPauses() {
    Window window = new Window(MEASURED_FROM - 5_000, MEASURED_FROM, MEASURED_FROM + 1_000);

    GcData gc = new GcReport("middleware", RECORDING, READ, window).measured();

    assertThat(gc.pauses()).isEqualTo(3);
    assertThat(gc.fullCollections()).isOne();
    assertThat(gc.pauseTotalMillis()).isCloseTo(3.0 + 5.42 + 18.65, within(1e-9));
    assertThat(gc.pauseMaxMillis()).isEqualTo(18.65);
    assertThat(gc.maxHeapAfterFullMegabytes()).isEqualTo(17);
    assertThat(gc.heapCapacityMegabytes()).as("the last pause's that has it").isEqualTo(32);
    assertThat(gc.windowMillis()).isEqualTo(1_000);
  }

  @Test
  void gcJsonListsEveryPauseWithItsPhaseAndOnlyTheHeapFiguresItHas() {
    Window window = new Window(MEASURED_FROM - 5_000, MEASURED_FROM, MEASURED_FROM + 1_000);

    JsonNode json = new GcReport("middleware", RECORDING, READ, window).json(new ObjectMapper());

    assertThat(json.path("recording").asText()).isEqualTo("middleware.jfr");
    assertThat(json.path("recorderOnSinceJvmStart").asBoolean()).isTrue();
    assertThat(json.path("collector").asText()).isEqualTo("G1New + G1Old");
    assertThat(json.at("/measured/pauses").asInt()).isEqualTo(3);
    JsonNode pauses = json.path("pauses");
    assertThat(pauses).hasSize(4);
    assertThat(pauses.get(0).path("phase").asText()).isEqualTo("warmup");
    assertThat(pauses.get(1).path("type").asText()).isEqualTo("G1New (G1 Evacuation Pause)");
    assertThat(pauses.get(1).path("oldAfterMegabytes").asDouble()).isEqualTo(5);
    assertThat(pauses.get(2).has("afterMegabytes")).isFalse();
    assertThat(pauses.get(2).has("oldAfterMegabytes")).isFalse();
    assertThat(pauses.get(2).path("millis").asDouble()).isEqualTo(5.42);
    assertThat(pauses.get(3).path("full").asBoolean()).isTrue();
    assertThat(pauses.get(3).path("afterMegabytes").asDouble()).isEqualTo(17);
  }
}
