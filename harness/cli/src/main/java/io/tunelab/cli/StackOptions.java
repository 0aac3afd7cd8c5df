package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.stack.StackConfig;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Tier settings of {@code stack up}: knobs and ports. */
final class StackOptions {
  @Option(
      names = "--set",
      paramLabel = "KNOB=VALUE",
      mapFallbackValue = "",
      description =
          "Set a knob of the db, broker or mocks tier, e.g. --set db.server.shared_buffers=256MB"
              + " --set mocks.brm.latency=500; repeatable. `tunelab knobs` lists them.")
  Map<String, String> knobs = new LinkedHashMap<>();

  @Option(
      names = "--db-port",
      paramLabel = "PORT",
      description = "PostgreSQL port (default: any free one).")
  int dbPort;

  @Option(
      names = "--broker-port",
      paramLabel = "PORT",
      description = "Artemis port (default: any free one).")
  int brokerPort;

  // the command these options are mixed into: its --<label>-port options are made in a loop
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The knobs given with {@code --set}, over the defaults. */
  KnobSet knobSet() {
    return KnobSet.defaults().withAll(knobs);
  }

  /**
   * The tier settings: knobs, then the ports asked for (each checked to be free, no two the same);
   * 0 stays 0, for the tier to pick one just before it binds it.
   */
  StackConfig config(KnobSet knobSet) {
    requireDistinctPorts();
    StackConfig config = StackConfig.from(knobSet);
    return config
        .withDb(config.db().withPort(asked(dbPort, "--db-port")))
        .withBroker(config.broker().withPort(asked(brokerPort, "--broker-port")))
        .withMocks(config.mocks().withPorts(mockPorts()));
  }

  /** The mocks' ports asked for, by back-end: the option of each is {@code --<label>-port}. */
  private Map<Backend, Integer> mockPorts() {
    Map<Backend, Integer> asked = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      asked.put(backend, asked(mockPort(backend), MockPortOptions.option(backend)));
    }
    return asked;
  }

  /** The port given to {@code backend}'s mock, 0 for any free one. */
  private int mockPort(Backend backend) {
    Integer port = command.findOption(MockPortOptions.option(backend)).getValue();
    return port == null ? 0 : port;
  }

  private static int asked(int port, String option) {
    return port == 0 ? 0 : Ports.resolve(port, option);
  }

  /** Two tiers cannot listen on one port: the second would fail after the first started. */
  private void requireDistinctPorts() {
    Map<Integer, String> asked = new LinkedHashMap<>();
    Map<String, Integer> ports = new LinkedHashMap<>();
    ports.put("--db-port", dbPort);
    ports.put("--broker-port", brokerPort);
    for (Backend backend : Backend.values()) {
      ports.put(MockPortOptions.option(backend), mockPort(backend));
    }
    ports.forEach(
        (option, port) -> {
          String other = port == 0 ? null : asked.putIfAbsent(port, option);
          if (other != null) {
            throw new BadInputException(
                other
                    + " and "
                    + option
                    + " both ask for port "
                    + port
                    + ": give each tier a port of its own, or leave one out for any free port");
          }
        });
  }

  /**
   * Gives the command a {@code --<label>-port} option for each back-end's mock, as picocli builds
   * it ({@code @Command(modelTransformer = ...)}): a new back-end brings its option with its
   * constant.
   */
  static final class MockPortOptions implements CommandLine.IModelTransformer {
    static String option(Backend backend) {
      return "--" + backend.label() + "-port";
    }

    @Override
    public CommandSpec transform(CommandSpec command) {
      for (Backend backend : Backend.values()) {
        String who = backend.who();
        command.addOption(
            OptionSpec.builder(option(backend))
                .paramLabel("PORT")
                .type(int.class)
                .description(
                    Character.toUpperCase(who.charAt(0))
                        + who.substring(1)
                        + " mock port (default: any free one).")
                .build());
      }
      return command;
    }
  }
}
