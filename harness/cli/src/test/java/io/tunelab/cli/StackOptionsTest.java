package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.stack.StackConfig;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The ports {@code stack up} is given for the back-ends' mocks, through the options made from
 * {@link Backend}, are the ports of the mocks tier's config (which the mocks tier binds: {@code
 * MocksTierLifecycleIT}); a back-end given none keeps 0, any free port.
 */
class StackOptionsTest {
  @Test
  void eachBackEndsPortOptionReachesTheMocksTiersConfig() {
    Map<Backend, Integer> asked = new EnumMap<>(Backend.class);
    List<String> args = new ArrayList<>();
    for (Backend backend : Backend.values()) {
      if (backend != Backend.BRM) {
        int port = Ports.free();
        asked.put(backend, port);
        args.add("--" + backend.label() + "-port=" + port);
      }
    }
    StackUpCommand up = new StackUpCommand();
    new CommandLine(up).parseArgs(args.toArray(String[]::new));

    StackConfig config = up.stackOptions.config(up.stackOptions.knobSet());

    for (Backend backend : Backend.values()) {
      assertThat(config.mocks().ports().get(backend))
          .as(backend.label())
          .isEqualTo(asked.getOrDefault(backend, 0));
    }
  }
}
