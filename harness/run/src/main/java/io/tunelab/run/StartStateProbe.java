package io.tunelab.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.StartState;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.QueueCounters;
import io.tunelab.tiers.db.Database;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Reads the state the stack is in just before a repetition's measured load ({@link StartState}) and
 * writes it into the repetition's folder as {@value #FILE}.
 */
final class StartStateProbe {
  static final String FILE = "start-state.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private StartStateProbe() {}

  static StartState read(RunTiers tiers, Path dir) {
    StartState state = Database.of(tiers.endpoints()).startState();
    try (BrokerManagement broker = BrokerManagement.of(tiers.endpoints())) {
      long queued = broker.queues().values().stream().mapToLong(QueueCounters::messageCount).sum();
      OptionalInt files = broker.journalDataFiles();
      state = state.withBroker(queued, files.isPresent() ? files.getAsInt() : null);
    }
    StartState read = state;
    OutputFiles.replace(dir.resolve(FILE), out -> JSON.writeValue(out, read));
    return state;
  }
}
