package io.tunelab.mocks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of the mocks JVM:
 *
 * <pre>
 * --root DIR --siebel-port N --brm-port N --driver-port N --container-threads N
 * --async-responses true|false
 * </pre>
 *
 * @param root the folder holding {@code siebel/}, {@code brm/} and {@code driver/}, each a WireMock
 *     root directory ({@code mappings/}, {@code __files/})
 * @param containerThreads Jetty threads of each server
 * @param asyncResponses whether delayed responses are scheduled instead of holding a Jetty thread
 */
record MocksArgs(
    Path root,
    int siebelPort,
    int brmPort,
    int driverPort,
    int containerThreads,
    boolean asyncResponses) {
  static final List<String> NAMES =
      List.of(
          "--root",
          "--siebel-port",
          "--brm-port",
          "--driver-port",
          "--container-threads",
          "--async-responses");

  /** The back-ends served, each from its folder under the root. */
  static final List<String> BACKENDS = List.of("siebel", "brm", "driver");

  static MocksArgs parse(String... args) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!NAMES.contains(args[i]) || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "bad argument '" + args[i] + "'; usage: " + String.join(" VALUE ", NAMES) + " VALUE");
      }
      values.put(args[i], args[i + 1]);
    }
    for (String name : NAMES) {
      if (!values.containsKey(name)) {
        throw new IllegalArgumentException("missing argument " + name);
      }
    }
    Path root = Path.of(values.get("--root")).toAbsolutePath().normalize();
    for (String backend : BACKENDS) {
      if (!Files.isDirectory(root.resolve(backend).resolve("mappings"))) {
        throw new IllegalArgumentException(
            root.resolve(backend).resolve("mappings") + " is not a directory");
      }
    }
    return new MocksArgs(
        root,
        port(values.get("--siebel-port")),
        port(values.get("--brm-port")),
        port(values.get("--driver-port")),
        Integer.parseInt(values.get("--container-threads")),
        bool(values.get("--async-responses")));
  }

  private static int port(String text) {
    int port = Integer.parseInt(text);
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("a port must be 1..65535, was " + port);
    }
    return port;
  }

  private static boolean bool(String text) {
    if (!text.equals("true") && !text.equals("false")) {
      throw new IllegalArgumentException("--async-responses must be true or false, was " + text);
    }
    return Boolean.parseBoolean(text);
  }
}
