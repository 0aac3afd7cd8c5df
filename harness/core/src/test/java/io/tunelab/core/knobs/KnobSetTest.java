package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnobSetTest {
  private final KnobSet defaults = KnobSet.defaults();

  @Test
  void everyDeclaredKnobResolvesToItsDefault() {
    Map<String, String> resolved = defaults.resolved();

    assertThat(resolved).hasSize(Knobs.ALL.size());
    assertThat(resolved)
        .containsEntry("db.server.fsync", "on")
        .containsEntry("db.server.max_connections", "100")
        .containsEntry("broker.journal.type", "ASYNCIO")
        .containsEntry("mocks.brm.latency", "0");
    assertThat(defaults.changed()).isEmpty();
  }

  @Test
  void readsTypedValues() {
    KnobSet knobs =
        defaults
            .with("db.server.max_connections", "250")
            .with("db.xrefIndex", "on")
            .with("broker.journal.type", "nio")
            .with("mocks.brm.latency", "lognormal:500:0.25")
            .with("mocks.brm.faultRate", "0.05");

    assertThat(knobs.get(DbKnobs.MAX_CONNECTIONS)).isEqualTo(250);
    assertThat(knobs.get(DataKnobs.XREF_INDEX)).isTrue();
    assertThat(knobs.get(BrokerKnobs.JOURNAL_TYPE)).isEqualTo(BrokerKnobs.JournalType.NIO);
    assertThat(knobs.get(MocksKnobs.of(Backend.BRM).latency()))
        .isEqualTo(new Latency.LogNormal(500, 0.25));
    assertThat(knobs.get(MocksKnobs.of(Backend.BRM).faultRate())).isEqualTo(0.05);
    assertThat(knobs.changed())
        .containsOnlyKeys(
            "db.server.max_connections",
            "db.xrefIndex",
            "broker.journal.type",
            "mocks.brm.latency",
            "mocks.brm.faultRate");
  }

  @Test
  void settingADefaultExplicitlyIsNoChange() {
    assertThat(defaults.with("db.server.fsync", "true").changed()).isEmpty();
    assertThat(defaults.with("db.server.fsync", "true")).isEqualTo(defaults);
  }

  @Test
  void rejectsUnknownKnobSuggestingTheClosest() {
    assertThatThrownBy(() -> defaults.with("broker.persistance", "off"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("unknown knob 'broker.persistance'")
        .hasMessageContaining("did you mean broker.persistence?")
        .hasMessageContaining("./tunelab knobs");
  }

  @Test
  void rejectsValueOutOfRangeNamingTheRange() {
    assertThatThrownBy(() -> defaults.with("db.server.max_connections", "0"))
        .isInstanceOf(BadInputException.class)
        .hasMessage("knob db.server.max_connections must be an integer 5..10000, was '0'");
  }

  @Test
  void anInfluxdbUrlIsAnHttpUrlWithoutCredentialsSinceRunJsonRecordsIt() {
    assertThat(defaults.with("workload.influxdbUrl", "http://127.0.0.1:8086/write?db=jmeter"))
        .isNotNull();
    assertThat(defaults.get(WorkloadKnobs.INFLUXDB_URL)).isEmpty();
    for (String bad :
        new String[] {
          "http://127.0.0.1:8086/write?db=jmeter&p=secret",
          "http://127.0.0.1:8086/write?u=me",
          "http://me:secret@127.0.0.1:8086/write",
          "udp://127.0.0.1:8089"
        }) {
      assertThatThrownBy(() -> defaults.with("workload.influxdbUrl", bad))
          .as(bad)
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("without credentials");
    }
  }

  @Test
  void rejectsUnknownEnumValueListingTheAllowedOnes() {
    assertThatThrownBy(() -> defaults.with("broker.journal.type", "fast"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("one of ASYNCIO, NIO, MAPPED")
        .hasMessageContaining("'fast'");
  }

  @Test
  void rejectsWrongTypes() {
    assertThatThrownBy(() -> defaults.with("db.xrefIndex", "maybe"))
        .hasMessageContaining("on or off");
    assertThatThrownBy(() -> defaults.with("db.server.shared_buffers", "lots"))
        .hasMessageContaining("a size such as 128MB");
    assertThatThrownBy(() -> defaults.with("mocks.brm.faultRate", "1.5"))
        .hasMessageContaining("a number 0..1");
    assertThatThrownBy(() -> defaults.with("mocks.siebel.latency", "slow"))
        .hasMessageContaining("uniform:LOWER..UPPER");
  }

  @Test
  void passesAnyPostgresSettingThrough() {
    KnobSet knobs = defaults.with("db.server.work_mem", "64MB").with("db.server.fsync", "off");

    assertThat(knobs.serverPassThrough()).containsExactly(Map.entry("work_mem", "64MB"));
    assertThat(knobs.resolved()).containsEntry("db.server.work_mem", "64MB");
    assertThat(knobs.changed()).containsKeys("db.server.work_mem", "db.server.fsync");
  }

  @Test
  void rejectsMalformedPostgresSettingNames() {
    assertThatThrownBy(() -> defaults.with("db.server.Work-Mem", "1"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("unknown knob");
  }

  @Test
  void namesTheTiersAChangeRestarts() {
    KnobSet next =
        defaults
            .with("db.server.shared_buffers", "256MB")
            .with("mocks.brm.latency", "500")
            .with("db.xrefIndex", "on");

    assertThat(next.restartsFrom(defaults)).containsExactly(KnobTier.DB);
    assertThat(defaults.with("db.server.work_mem", "8MB").restartsFrom(defaults))
        .containsExactly(KnobTier.DB);
    assertThat(defaults.restartsFrom(defaults.with("db.server.work_mem", "8MB")))
        .containsExactly(KnobTier.DB);
    assertThat(defaults.with("broker.persistence", "off").restartsFrom(defaults))
        .containsExactly(KnobTier.BROKER);
  }

  @Test
  void everyKnobsDefaultReadsBackFromItsText() {
    for (Knob<?> knob : Knobs.ALL) {
      assertThat((Object) knob.parse(knob.defaultText()))
          .as(knob.name())
          .isEqualTo(knob.defaultValue());
    }
  }
}
