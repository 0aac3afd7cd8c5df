package io.tunelab.broker;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line of {@link BrokerMain}.
 *
 * @param config the broker.xml to read
 * @param dataDir where the broker keeps its journal, bindings, paging and large messages
 */
record BrokerArgs(Path config, Path dataDir) {
  private static final String USAGE = "usage: --config <broker.xml> --data <dir>";

  static BrokerArgs parse(String... args) {
    Path config = null;
    Path data = null;
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(name + " needs a value; " + USAGE);
      }
      String value = args[++i];
      switch (name) {
        case "--config" -> config = Path.of(value).toAbsolutePath().normalize();
        case "--data" -> data = Path.of(value).toAbsolutePath().normalize();
        default -> throw new IllegalArgumentException("unknown argument " + name + "; " + USAGE);
      }
    }
    if (config == null || data == null) {
      throw new IllegalArgumentException(USAGE);
    }
    if (!Files.isRegularFile(config)) {
      throw new IllegalArgumentException(
          "--config "
              + config
              + " is not a file: pass the path of harness/broker/config/broker.xml");
    }
    return new BrokerArgs(config, data);
  }
}
