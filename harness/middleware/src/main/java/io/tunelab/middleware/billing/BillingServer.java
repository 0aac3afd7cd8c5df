package io.tunelab.middleware.billing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tunelab.middleware.config.MiddlewareSettings.Billing;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.soap.SoapClient;
import io.tunelab.middleware.xml.Stylesheets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The billing-care SOAP endpoint: {@code POST http://127.0.0.1:<port>}{@value #PATH} on the JDK's
 * HTTP server, served by exactly {@code billing.serverThreads} worker threads. A request that finds
 * them all busy waits in the server's queue (counted as {@code waiting}) until one is free, so the
 * thread count bounds how many requests are served, and BRM called, at once.
 */
public final class BillingServer implements AutoCloseable {
  /** The service's path. */
  public static final String PATH = "/BillingCare";

  private static final int BACKLOG = 1024;

  private final HttpServer server;
  private final ThreadPoolExecutor workers;
  private final SoapClient brm;
  private final BillingService service;
  private final BillingCounters counters;
  private final int threads;
  private final AtomicInteger waiting = new AtomicInteger();
  private final AtomicInteger peakWaiting = new AtomicInteger();

  private BillingServer(Billing settings, Pool pool, SoapClient brm, Stylesheets stylesheets)
      throws IOException {
    this.brm = brm;
    this.threads = settings.serverThreads();
    this.counters = new BillingCounters();
    this.service =
        new BillingService(pool, brm, stylesheets, new BillingRecords(settings), counters);
    this.workers =
        new ThreadPoolExecutor(
            threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), named());
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", settings.port()), BACKLOG);
    server.createContext(PATH, this::handle);
    server.setExecutor(this::queue);
  }

  /**
   * Serves billing-care on {@code settings.port()} (0: a free port), calling BRM through {@code
   * brm}, which the server closes with itself.
   */
  public static BillingServer start(
      Billing settings, Pool pool, SoapClient brm, Stylesheets stylesheets) {
    try {
      BillingServer billing = new BillingServer(settings, pool, brm, stylesheets);
      billing.server.start();
      return billing;
    } catch (IOException e) {
      brm.close();
      throw new UncheckedIOException(
          "cannot serve billing-care on 127.0.0.1:"
              + settings.port()
              + " (choose another billing.port): "
              + e.getMessage(),
          e);
    }
  }

  /** The endpoint's URL, e.g. {@code http://127.0.0.1:41235/BillingCare}. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
  }

  /** What {@code /status} shows under {@code billing}. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("url", url());
    status.put("serverThreads", workers.getMaximumPoolSize());
    status.put("inFlight", counters.inFlight());
    status.put("peakInFlight", counters.peakInFlight());
    status.put("waiting", waiting.get());
    status.put("peakWaiting", peakWaiting.get());
    status.put(
        "brm", Map.of("calls", brm.calls(), "failures", brm.failures(), "pending", brm.pending()));
    status.put("operations", counters.asMap());
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
    counters.started();
    try {
      if (!"POST".equals(exchange.getRequestMethod())) {
        send(exchange, 405, "POST a SOAP 1.1 envelope to " + PATH + "\n", "text/plain");
        return;
      }
      String request;
      try (InputStream in = exchange.getRequestBody()) {
        request = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      BillingService.Reply reply = service.answer(request);
      send(exchange, reply.status(), reply.envelope(), "text/xml");
    } finally {
      exchange.close();
      counters.ended();
    }
  }

  private static void send(HttpExchange exchange, int status, String body, String type)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private java.util.concurrent.ThreadFactory named() {
    AtomicInteger next = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "tunelab-billing-" + next.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
    brm.close();
  }
}
