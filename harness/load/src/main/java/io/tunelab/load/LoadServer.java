package io.tunelab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The load tier kept running for a whole experiment: {@code LoadMain serve} reads one plan run per
 * line on its standard input and runs them one after the other in this JVM, as JMeter's own {@code
 * jmeter-server} runs test after test. A load JVM per batch cost 4-5 s of CPU each on a 2-core
 * machine, spent beside the stack it measures, and its JMeter ran cold every batch.
 *
 * <p>A request is one line of fields, each {@code key=value} with the value URL-encoded: {@code
 * log=} the file that takes the run's console output (what a one-shot load JVM's log held), {@code
 * arg=} each argument of a one-shot run in order, {@code secret=} a secret plan property as {@code
 * NAME=VALUE} (on the pipe, never on a command line). The answer, on standard output, is {@value
 * #DONE} and the exit status a one-shot run would have had. A request whose first argument is
 * {@code dashboards} writes JMeter's dashboards of JTLs written earlier ({@link DashboardsOnly}).
 * The server ends when its input ends (the harness closed it, or died) or its owner dies.
 */
final class LoadServer {
  static final String MODE = "serve";

  /** Printed once the server takes requests. */
  static final String READY = "tunelab-load-server ready";

  /** Starts each answer. */
  static final String DONE = "tunelab-load-server done ";

  private LoadServer() {}

  /** One plan run asked for. */
  record Request(Path log, List<String> args, Map<String, String> secrets) {
    /** The request as one line. */
    String line() {
      StringBuilder line = new StringBuilder("log=").append(encode(log.toString()));
      args.forEach(arg -> line.append(" arg=").append(encode(arg)));
      secrets.forEach((name, value) -> line.append(" secret=").append(encode(name + "=" + value)));
      return line.toString();
    }

    static Request parse(String line) {
      Path log = null;
      List<String> args = new ArrayList<>();
      Map<String, String> secrets = new LinkedHashMap<>();
      for (String field : line.trim().split(" ")) {
        int eq = field.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException("a request field without '=': " + field);
        }
        String value = URLDecoder.decode(field.substring(eq + 1), StandardCharsets.UTF_8);
        switch (field.substring(0, eq)) {
          case "log" -> log = Path.of(value);
          case "arg" -> args.add(value);
          case "secret" -> {
            int at = value.indexOf('=');
            if (at <= 0) {
              throw new IllegalArgumentException("a secret without NAME=VALUE");
            }
            secrets.put(value.substring(0, at), value.substring(at + 1));
          }
          default -> throw new IllegalArgumentException("an unknown request field: " + field);
        }
      }
      if (log == null) {
        throw new IllegalArgumentException("a request without log=");
      }
      return new Request(log, args, secrets);
    }

    private static String encode(String value) {
      return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
  }

  /**
   * Serves requests until {@code in} ends.
   *
   * @param args {@code serve --work DIR}: where JMETER_HOME is unpacked (once, removed at the end)
   * @return the server's exit status: 0 when its input ended, 2 for bad arguments
   */
  static int serve(String[] args, InputStream in, PrintStream protocol) throws IOException {
    if (args.length != 3 || !args[1].equals("--work")) {
      System.err.println("tunelab load: usage: LoadMain serve --work DIR");
      return LoadMain.BAD_INPUT;
    }
    Path work = Path.of(args[2]).toAbsolutePath().normalize();
    Files.createDirectories(work);
    Path home = JmeterHome.unpack(work.resolve("jmeter-home"));
    Optional<SharedScriptEngine> groovy = SharedScriptEngine.install();
    PrintStream console = System.out;
    PrintStream errors = System.err;
    try {
      BufferedReader requests =
          new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      protocol.println(READY);
      protocol.flush();
      for (String line = requests.readLine(); line != null; line = requests.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        int status = handle(line, home, groovy);
        System.setOut(console);
        System.setErr(errors);
        protocol.println(DONE + status);
        protocol.flush();
      }
      return LoadMain.OK;
    } finally {
      System.setOut(console);
      System.setErr(errors);
      JmeterHome.delete(home);
    }
  }

  /** Runs one request with its console output in its log; the exit status a one-shot run gives. */
  private static int handle(String line, Path home, Optional<SharedScriptEngine> groovy) {
    Request request;
    try {
      request = Request.parse(line);
    } catch (IllegalArgumentException e) {
      System.err.println("tunelab load: a request the server cannot read: " + e.getMessage());
      return LoadMain.BAD_INPUT;
    }
    try (OutputStream file = newLog(request.log());
        PrintStream log = new PrintStream(file, true, StandardCharsets.UTF_8)) {
      // JMeter's own prints go where a one-shot load JVM's went: the run's log
      System.setOut(log);
      System.setErr(log);
      groovy.ifPresent(SharedScriptEngine::useCurrentConsole);
      try {
        String[] args = request.args().toArray(String[]::new);
        if (args.length > 0 && args[0].equals(DashboardsOnly.MODE)) {
          return DashboardsOnly.run(args, log, log);
        }
        return LoadMain.runPlan(args, secretEnv(request), home, log, log);
      } catch (Exception | LinkageError e) {
        e.printStackTrace(log);
        log.println("tunelab load: the run failed: " + e);
        return LoadMain.FAILED;
      }
    } catch (IOException e) {
      System.err.println("tunelab load: cannot write the run's log " + request.log() + ": " + e);
      return LoadMain.FAILED;
    }
  }

  private static OutputStream newLog(Path log) throws IOException {
    Path parent = log.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    return Files.newOutputStream(log);
  }

  private static Map<String, String> secretEnv(Request request) {
    Map<String, String> env = new LinkedHashMap<>();
    request
        .secrets()
        .forEach((name, value) -> env.put(LoadArgs.SECRET_PROPERTY_PREFIX + name, value));
    return env;
  }
}
