package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.mocks.MocksClient;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The same stack as containers. Needs a Docker engine: skipped where none answers (as on the
 * machine tunelab's CI runs on), run wherever one does.
 */
@Testcontainers(disabledWithoutDocker = true)
class TestcontainersProviderIT {
  @Test
  void containerStackAnswersWithTheKnobsApplied() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("db.server.shared_buffers", "64MB")
            .with("broker.journal.type", "NIO")
            .with("mocks.brm.latency", "150");

    try (Stack stack = new TestcontainersProvider().start(StackConfig.from(knobs))) {
      Endpoints endpoints = stack.endpoints();
      Database database = new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
      DataPreparation.prepare(database, knobs, true);

      assertThat(database.show("shared_buffers", "fsync"))
          .containsEntry("shared_buffers", "64MB")
          .containsEntry("fsync", "on");
      try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
        assertThat(broker.attributes().journalType()).isEqualTo(BrokerConfig.JournalType.NIO);
        assertThat(broker.queues()).containsKey("tunelab.intake");
      }
      MocksClient brm = MocksClient.of(Backend.BRM, endpoints);
      assertThat(brm.latency()).isEqualTo(new Latency.Fixed(150));
    }
  }
}
