package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class CandidateTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * What a tuner relies on: each candidate of {@code finding} names a knob the registry knows,
   * moves a number up or down, or sets values that knob reads.
   */
  static void assertKnown(Finding finding) {
    for (Candidate candidate : finding.candidates()) {
      Knob<?> knob = KnobRegistry.standard().find(candidate.knob()).orElseThrow();
      candidate
          .needs()
          .forEach((name, value) -> KnobRegistry.standard().find(name).orElseThrow().parse(value));
      if (candidate.move() == Candidate.Move.SET) {
        candidate.values().forEach(knob::parse);
      } else {
        assertThat(knob.defaultValue()).as(candidate.knob()).isInstanceOf(Number.class);
      }
    }
  }

  @Test
  void whatAChangeNeedsIsNamedWithItAndWrittenAsItsKnobsWriteIt() {
    Candidate bind =
        Candidate.set(MiddlewareKnobs.SORT_SQL, MiddlewareKnobs.SortSql.BIND)
            .needing(MiddlewareKnobs.JDBC_PREPARE_THRESHOLD, 1)
            .needing(DataKnobs.XREF_INDEX, true);

    assertThat(bind.needs())
        .containsExactly(
            java.util.Map.entry("middleware.jdbc.prepareThreshold", "1"),
            java.util.Map.entry("db.xrefIndex", "on"));
    assertThat(bind)
        .hasToString(
            "middleware.sort.sql=bind needing middleware.jdbc.prepareThreshold=1, db.xrefIndex=on");
    assertThat(Candidate.set(DataKnobs.XREF_INDEX, true).needs()).isEmpty();
  }

  @Test
  void aValueIsWrittenAsTheKnobWritesIt() {
    assertThat(Candidate.set(DataKnobs.XREF_INDEX, true).values()).containsExactly("on");
    assertThat(Candidate.set(MiddlewareKnobs.SORT_SQL, MiddlewareKnobs.SortSql.BIND).values())
        .containsExactly("bind");
    assertThat(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS))
        .hasToString("middleware.engine.threads up");
  }

  @Test
  void aCandidateRaisesANumberOrSetsValuesNeverBoth() {
    assertThatThrownBy(() -> Candidate.raise(DataKnobs.XREF_INDEX))
        .hasMessageContaining("db.xrefIndex is not a number");
    assertThatThrownBy(() -> new Candidate("db.xrefIndex", Candidate.Move.SET, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new Candidate("middleware.engine.threads", Candidate.Move.RAISE, List.of("8")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aFindingProposingNothingIsWrittenAsBeforeAndOneProposingReadsBack() throws Exception {
    Finding none = new Finding(FindingKind.CPU_SATURATED, "machine", "busy", List.of("cpu"));
    Finding some =
        new Finding(
            FindingKind.ENGINE_SATURATED,
            "engine",
            "busy",
            List.of("engine"),
            List.of(
                Candidate.raise(MiddlewareKnobs.ENGINE_THREADS),
                Candidate.set(MiddlewareKnobs.DIAGNOSTICS, false)));

    assertThat(JSON.valueToTree(none).has("candidates")).isFalse();
    assertThat(JSON.readValue(JSON.writeValueAsString(none), Finding.class)).isEqualTo(none);
    String json = JSON.writeValueAsString(some);
    assertThat(json)
        .contains("{\"knob\":\"middleware.engine.threads\",\"move\":\"RAISE\",\"values\":[]}")
        .contains("{\"knob\":\"middleware.diagnostics\",\"move\":\"SET\",\"values\":[\"off\"]}");
    assertThat(JSON.readValue(json, Finding.class)).isEqualTo(some);
  }
}
