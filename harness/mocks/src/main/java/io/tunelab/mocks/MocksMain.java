package io.tunelab.mocks;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.ConsoleNotifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.tunelab.mocks.extension.TunelabExtensions;
import io.tunelab.tiermain.OwnerWatchdog;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The mocks tier: a WireMock server per back-end in one JVM on 127.0.0.1 (Siebel, BRM and the
 * device driver of the messaging plan, as the harness asks), each serving its folder of {@code
 * mocks/} with the tunelab extension.
 *
 * <p>Built for load: no request journal (the extension counts instead, in constant memory), no
 * per-request logging, errors only on the console. Stops the servers on SIGTERM, and ends when the
 * controller that started it dies ({@link OwnerWatchdog}).
 */
public final class MocksMain {
  /** Printed once every server accepts requests. */
  public static final String READY_BANNER = "tunelab mocks ready";

  /**
   * Threads that send delayed responses when asynchronous responses are on: the WireMock standalone
   * default. Set explicitly because the programmatic default is 0, which leaves a single thread
   * sending every delayed response of a server.
   */
  static final int ASYNC_RESPONSE_THREADS = 10;

  private MocksMain() {}

  public static void main(String[] args) {
    OwnerWatchdog.startFromSystemProperty();
    MocksArgs parsed;
    try {
      parsed = MocksArgs.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("tunelab mocks: " + e.getMessage());
      System.exit(2);
      return;
    }
    List<WireMockServer> servers = new CopyOnWriteArrayList<>();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(servers), "tunelab-mocks-stop"));
    try {
      // Constructing a server reads its mappings: a broken file fails here, with its name.
      parsed
          .ports()
          .forEach(
              (backend, port) -> servers.add(server(parsed, parsed.root().resolve(backend), port)));
      servers.forEach(WireMockServer::start);
    } catch (RuntimeException e) {
      e.printStackTrace();
      System.err.println("tunelab mocks: cannot start: " + e + hint(e));
      System.exit(1);
    }
    System.out.println(
        READY_BANNER
            + ": "
            + parsed.ports().entrySet().stream()
                .map(port -> port.getKey() + " http://127.0.0.1:" + port.getValue())
                .collect(Collectors.joining(", "))
            + ", containerThreads "
            + parsed.containerThreads()
            + ", asyncResponses "
            + parsed.asyncResponses());
  }

  private static String hint(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      String message = String.valueOf(cause.getMessage());
      if (message.contains("Insufficient configured threads")) {
        return " (Jetty needs more threads on this many cores: raise mocks.containerThreads)";
      }
      if (message.contains("Address already in use")) {
        return " (another process took the port: choose another one, or 0 for any free port)";
      }
    }
    return "";
  }

  private static void stopAll(List<WireMockServer> servers) {
    for (WireMockServer server : servers) {
      if (server.isRunning()) {
        server.stop();
      }
    }
  }

  static WireMockServer server(MocksArgs args, Path root, int port) {
    WireMockConfiguration options =
        options()
            .bindAddress("127.0.0.1")
            .port(port)
            .usingFilesUnderDirectory(root.toString())
            .containerThreads(args.containerThreads())
            .asynchronousResponseEnabled(args.asyncResponses())
            .asynchronousResponseThreads(ASYNC_RESPONSE_THREADS)
            .disableRequestJournal()
            .stubRequestLoggingDisabled(true)
            .notifier(new ConsoleNotifier(false))
            .extensions(new TunelabExtensions());
    return new WireMockServer(options);
  }
}
