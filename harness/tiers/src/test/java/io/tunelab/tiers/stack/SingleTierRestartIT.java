package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerManagement;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A step that changes one stack tier's knob restarts that tier alone: on its port, with the new
 * setting, while the other tiers keep their processes.
 */
class SingleTierRestartIT {

  @Test
  void oneTierRestartsOnItsPortWithItsNewSettingsAndTheOthersKeepRunning() throws Exception {
    Path runtime =
        RuntimeDir.root()
            .resolve("it-restart")
            .resolve(UUID.randomUUID().toString().substring(0, 8));
    KnobSet knobs = KnobSet.defaults();
    List<ProcessHandle> every;
    try (Stack stack =
        new EmbeddedProvider(TunelabHome.locate(), new StackRegistry(runtime))
            .start(StackConfig.from(knobs))) {
      Endpoints endpoints = stack.endpoints();
      Map<String, Long> before = pids(stack);

      KnobSet dbChanged = knobs.with("db.server.work_mem", "7MB");
      assertThat(stack.restart(KnobTier.DB, StackConfig.from(dbChanged))).isTrue();
      Map<String, Long> afterDb = pids(stack);

      assertThat(stack.endpoints()).isEqualTo(endpoints);
      assertThat(show(endpoints, "work_mem")).isEqualTo("7MB");
      assertThat(afterDb.get("db")).isNotEqualTo(before.get("db"));
      assertThat(ProcessHandle.of(before.get("db")).filter(ProcessHandle::isAlive)).isEmpty();
      assertThat(afterDb.get("broker")).isEqualTo(before.get("broker"));
      assertThat(afterDb.get("mocks")).isEqualTo(before.get("mocks"));

      KnobSet brokerChanged = dbChanged.with("broker.persistence", "off");
      assertThat(stack.restart(KnobTier.BROKER, StackConfig.from(brokerChanged))).isTrue();
      Map<String, Long> afterBroker = pids(stack);

      try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
        assertThat(broker.attributes().persistenceEnabled()).isFalse();
      }
      assertThat(afterBroker.get("broker")).isNotEqualTo(before.get("broker"));
      assertThat(afterBroker.get("db")).isEqualTo(afterDb.get("db"));
      assertThat(afterBroker.get("mocks")).isEqualTo(before.get("mocks"));
      every = stack.tiers().stream().flatMap(tier -> tier.processes().stream()).toList();
    }
    assertThat(every).noneMatch(ProcessHandle::isAlive);
  }

  private static Map<String, Long> pids(Stack stack) {
    Map<String, Long> pids = new LinkedHashMap<>();
    for (Tier tier : stack.tiers()) {
      pids.put(tier.name(), tier.processes().get(0).pid());
    }
    return pids;
  }

  private static String show(Endpoints endpoints, String setting) throws Exception {
    try (Connection connection =
            DriverManager.getConnection(
                endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SHOW " + setting)) {
      row.next();
      return row.getString(1);
    }
  }
}
