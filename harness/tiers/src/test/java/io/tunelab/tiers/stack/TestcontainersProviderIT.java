package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.mocks.MocksClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The same stack as containers. Needs a Docker engine: skipped where none answers, run wherever one
 * does (.ci/run starts one where it may): on tunelab's own images, built from this checkout first
 * ({@code containers/build-images.sh}; no registry needed, the host's network), on the official
 * images pinned in {@code .env} where they cannot be built.
 */
@Testcontainers(disabledWithoutDocker = true)
class TestcontainersProviderIT {
  @Test
  void containerStackAnswersWithTheKnobsApplied() throws Exception {
    KnobSet knobs =
        KnobSet.defaults()
            .with("db.server.shared_buffers", "64MB")
            .with("broker.journal.type", "NIO")
            .with("mocks.brm.latency", "150");
    TunelabHome home = TunelabHome.locate();
    Map<String, String> environment = new HashMap<>(System.getenv());
    // this checkout's images where they can be built here (no registry needed), else whatever
    // tunelab images the engine has, else the official ones
    boolean built = BuiltImages.build(home).isEmpty() || builtImagesPresent(home);
    if (built) {
      environment.put(ContainerImages.CHOICE, "built");
    }

    Stack stack = new TestcontainersProvider(home, environment).start(StackConfig.from(knobs));
    try (stack) {
      Endpoints endpoints = stack.endpoints();
      Database database = new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
      DataPreparation.prepare(database, knobs, true);

      assertThat(database.show("shared_buffers", "fsync"))
          .containsEntry("shared_buffers", "64MB")
          .containsEntry("fsync", "on");
      // the observer counts statements per unit from it, as on the embedded tier
      assertThat(database.show("shared_preload_libraries"))
          .containsEntry("shared_preload_libraries", "pg_stat_statements");
      assertThat(extensions(endpoints)).contains("pg_stat_statements");
      try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
        assertThat(broker.attributes().journalType()).isEqualTo(BrokerConfig.JournalType.NIO);
        assertThat(broker.queues()).containsKey("tunelab.intake");
      }
      MocksClient brm = MocksClient.of(Backend.BRM, endpoints);
      assertThat(brm.latency()).isEqualTo(new Latency.Fixed(150));
      for (String url :
          List.of(endpoints.db(), endpoints.broker(), Backend.SIEBEL.url(endpoints))) {
        assertThat(LoopbackListeners.loopbackPort(url)).as(url).isPresent();
      }
      if (built) {
        // on the host's network their processes are this machine's: the observer counts them
        assertThat(stack.watchedProcesses()).containsOnlyKeys("db", "broker", "mocks");
        assertThat(stack.tiers()).isEmpty();
      }
    }
    // each container's output, kept when it was removed, for the run's logs/, the password masked
    Map<String, java.nio.file.Path> logs = stack.logFiles();
    assertThat(logs).containsKeys("db", "broker");
    assertThat(java.nio.file.Files.readString(logs.get("db")))
        .contains("database system is ready to accept connections")
        .doesNotContain(stack.endpoints().dbPassword());
    assertThat(java.nio.file.Files.readString(logs.get("broker"))).contains("AMQ221007");
  }

  private static boolean builtImagesPresent(TunelabHome home) {
    return BuiltImages.tags(home).stream()
        .allMatch(
            image -> {
              try {
                DockerClientFactory.instance().client().inspectImageCmd(image).exec();
                return true;
              } catch (RuntimeException absent) {
                return false;
              }
            });
  }

  private static List<String> extensions(Endpoints endpoints) throws Exception {
    List<String> names = new java.util.ArrayList<>();
    try (java.sql.Connection connection =
            java.sql.DriverManager.getConnection(
                endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
        java.sql.ResultSet rows =
            connection.createStatement().executeQuery("SELECT extname FROM pg_extension")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }
}
