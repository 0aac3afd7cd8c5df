package io.tunelab.middleware.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One POST service on the JDK's HTTP server at {@code http://127.0.0.1:<port><path>}, served by
 * exactly {@code threads} worker threads. A request that finds them all busy waits in the server's
 * queue (counted as {@code waiting}) until one is free, so the thread count bounds how many
 * requests are served at once, as an application server's listener threads do.
 */
public final class WorkerServer implements AutoCloseable {
  private static final int BACKLOG = 1024;

  private final HttpServer server;
  private final ThreadPoolExecutor workers;
  private final String path;
  private final Service service;
  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicInteger peakWaiting = new AtomicInteger();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger peakInFlight = new AtomicInteger();

  /** Answers one request body; never throws (a failure is an answer with an error status). */
  @FunctionalInterface
  public interface Service {
    Answer answer(String body);
  }

  /**
   * An answer.
   *
   * @param contentType its media type, without the charset (always UTF-8)
   */
  public record Answer(int status, String body, String contentType) {}

  private WorkerServer(String name, int port, String path, int threads, Service service)
      throws IOException {
    this.path = path;
    this.service = service;
    this.workers =
        new ThreadPoolExecutor(
            threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), named(name));
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), BACKLOG);
    server.createContext(path, this::handle);
    server.setExecutor(this::queue);
  }

  /**
   * Serves {@code service} on {@code port} (0: a free port).
   *
   * @param name names the worker threads ({@code tunelab-<name>-1}) and the knob in a bind error
   * @param portKnob the setting to change when the port is taken
   */
  public static WorkerServer start(
      String name, String portKnob, int port, String path, int threads, Service service) {
    try {
      WorkerServer server = new WorkerServer(name, port, path, threads, service);
      server.server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot serve "
              + name
              + " on 127.0.0.1:"
              + port
              + " (choose another "
              + portKnob
              + "): "
              + e.getMessage(),
          e);
    }
  }

  /** The service's URL, e.g. {@code http://127.0.0.1:41235/BillingCare}. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** URL, worker threads, requests in flight and waiting for a worker, now and at most. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("url", url());
    status.put("serverThreads", workers.getMaximumPoolSize());
    status.put("inFlight", inFlight.get());
    status.put("peakInFlight", peakInFlight.get());
    status.put("waiting", waiting.get());
    status.put("peakWaiting", peakWaiting.get());
    return status;
  }

  /** Hands an accepted exchange to the workers, counting it while it waits for one. */
  private void queue(Runnable exchange) {
    peakWaiting.accumulateAndGet(waiting.incrementAndGet(), Math::max);
    workers.execute(
        () -> {
          waiting.decrementAndGet();
          exchange.run();
        });
  }

  private void handle(HttpExchange exchange) throws IOException {
    peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    try {
      if (!"POST".equals(exchange.getRequestMethod())) {
        send(exchange, new Answer(405, "POST a request to " + path + "\n", "text/plain"));
        return;
      }
      String body;
      try (InputStream in = exchange.getRequestBody()) {
        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      send(exchange, service.answer(body));
    } finally {
      exchange.close();
      inFlight.decrementAndGet();
    }
  }

  private static void send(HttpExchange exchange, Answer answer) throws IOException {
    byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", answer.contentType() + "; charset=utf-8");
    exchange.sendResponseHeaders(answer.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static ThreadFactory named(String name) {
    AtomicInteger next = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "tunelab-" + name + "-" + next.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }
}
