package io.tunelab.mocks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line of the mocks JVM:
 *
 * <pre>
 * --root DIR --siebel-port N --brm-port N --driver-port N --container-threads N
 * --async-responses true|false
 * </pre>
 *
 * <p>Each {@code --<back-end>-port} serves the WireMock root of that name under {@code --root}: the
 * back-ends are the harness's to name (its {@code Backend}s), not this JVM's.
 *
 * @param root the folder holding a WireMock root directory ({@code mappings/}, {@code __files/})
 *     per back-end, e.g. {@code siebel/}
 * @param ports each back-end's port, by its folder's name, in the order given
 * @param containerThreads Jetty threads of each server
 * @param asyncResponses whether delayed responses are scheduled instead of holding a Jetty thread
 */
record MocksArgs(
    Path root, Map<String, Integer> ports, int containerThreads, boolean asyncResponses) {
  static final List<String> NAMES = List.of("--root", "--container-threads", "--async-responses");

  private static final Pattern PORT = Pattern.compile("--([a-z]+)-port");

  private static final String USAGE =
      "usage: --root DIR --<back-end>-port N... --container-threads N --async-responses BOOL";

  MocksArgs {
    ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
  }

  static MocksArgs parse(String... args) {
    Map<String, String> values = new HashMap<>();
    Map<String, Integer> ports = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      Matcher port = PORT.matcher(args[i]);
      boolean known = NAMES.contains(args[i]) || port.matches();
      if (!known || i + 1 >= args.length) {
        throw new IllegalArgumentException("bad argument '" + args[i] + "'; " + USAGE);
      }
      if (port.matches()) {
        ports.put(port.group(1), port(args[i + 1]));
      } else {
        values.put(args[i], args[i + 1]);
      }
    }
    for (String name : NAMES) {
      if (!values.containsKey(name)) {
        throw new IllegalArgumentException("missing argument " + name);
      }
    }
    if (ports.isEmpty()) {
      throw new IllegalArgumentException("missing argument --<back-end>-port; " + USAGE);
    }
    Path root = Path.of(values.get("--root")).toAbsolutePath().normalize();
    for (String backend : ports.keySet()) {
      if (!Files.isDirectory(root.resolve(backend).resolve("mappings"))) {
        throw new IllegalArgumentException(
            root.resolve(backend).resolve("mappings") + " is not a directory");
      }
    }
    return new MocksArgs(
        root,
        ports,
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
