package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.db.DbBinaries;
import org.junit.jupiter.api.Test;

class StackConfigTest {
  @Test
  void defaultsKeepDurabilityOnExplicitly() {
    StackConfig config = StackConfig.defaults();

    assertThat(config.db().serverSettings())
        .containsEntry("fsync", "on")
        .containsEntry("synchronous_commit", "on")
        .containsEntry("shared_preload_libraries", "pg_stat_statements");
    assertThat(config.db().binaries()).isEqualTo(DbBinaries.AUTO);
    assertThat(config.broker().persistence()).isTrue();
    assertThat(config.detached()).isFalse();
  }

  @Test
  void knobsBecomeTierSettings() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("db.server.shared_buffers", "256MB")
            .with("db.server.work_mem", "16MB")
            .with("db.binaries", "zonky")
            .with("broker.journal.type", "nio")
            .with("broker.redelivery.maxAttempts", "3")
            .with("broker.jvm.heapMegabytes", "512")
            .with("broker.jvm.flags", "-XX:+UseParallelGC  -Dx=1")
            .with("mocks.brm.latency", "uniform:400..600")
            .with("mocks.siebel.faultRate", "0.1")
            .with("mocks.driver.faultKind", "reset")
            .with("mocks.containerThreads", "50");

    StackConfig config = StackConfig.from(knobs);

    assertThat(config.db().serverSettings())
        .containsEntry("shared_buffers", "256MB")
        .containsEntry("work_mem", "16MB");
    assertThat(config.db().binaries()).isEqualTo(DbBinaries.ZONKY);
    assertThat(config.broker().journalType()).isEqualTo(BrokerConfig.JournalType.NIO);
    assertThat(config.broker().maxDeliveryAttempts()).isEqualTo(3);
    assertThat(config.broker().jvmFlags())
        .containsExactly("-Xms256m", "-Xmx512m", "-XX:+UseParallelGC", "-Dx=1");
    assertThat(config.mocks().mock(Backend.BRM).latency()).isEqualTo(new Latency.Uniform(400, 600));
    assertThat(config.mocks().mock(Backend.SIEBEL).faultRate()).isEqualTo(0.1);
    assertThat(config.mocks().mock(Backend.SIEBEL).faultKind()).isEqualTo(FaultKind.SOAP);
    assertThat(config.mocks().mock(Backend.DRIVER).faultKind()).isEqualTo(FaultKind.RESET);
    assertThat(config.mocks().containerThreads()).isEqualTo(50);
  }
}
