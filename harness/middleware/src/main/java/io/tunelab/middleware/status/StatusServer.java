package io.tunelab.middleware.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

/**
 * The middleware's own HTTP endpoint on 127.0.0.1: {@code GET /health} (200 once running) and
 * {@code GET /status} (JSON: pid, JVM input arguments, effective settings, per-stage counters).
 */
public final class StatusServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;

  private StatusServer(HttpServer server) {
    this.server = server;
  }

  /** Serves {@code status} on {@code port} (0: any free port). */
  public static StatusServer start(int port, Supplier<Object> status) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 16);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on 127.0.0.1:" + port + " (choose another http.port): " + e.getMessage(),
          e);
    }
    server.createContext("/health", exchange -> answer(exchange, 200, "ok\n", "text/plain"));
    server.createContext(
        "/status",
        exchange ->
            answer(exchange, 200, JSON.writeValueAsString(status.get()), "application/json"));
    server.setExecutor(Executors.newFixedThreadPool(2, daemon()));
    server.start();
    return new StatusServer(server);
  }

  /** Serves {@code body}'s text at {@code path}, made anew for each request. */
  public void serve(String path, Supplier<String> body, String type) {
    server.createContext(path, exchange -> answer(exchange, 200, body.get(), type));
  }

  /** The port actually bound. */
  public int port() {
    return server.getAddress().getPort();
  }

  /** The underlying server, for endpoints added by other parts of the middleware. */
  public HttpServer server() {
    return server;
  }

  private static ThreadFactory daemon() {
    return runnable -> {
      Thread thread = new Thread(runnable, "tunelab-status");
      thread.setDaemon(true);
      return thread;
    };
  }

  private static void answer(HttpExchange exchange, int code, String body, String type)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
