package io.tunelab.middleware;

import io.micrometer.core.instrument.MeterRegistry;
import io.tunelab.middleware.billing.BillingServer;
import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.SettingsException;
import io.tunelab.middleware.db.CrmUpdates;
import io.tunelab.middleware.db.InstanceState;
import io.tunelab.middleware.db.Instances;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.diagnostics.Diagnostics;
import io.tunelab.middleware.engine.Pipeline;
import io.tunelab.middleware.flow.CreateCustomerStep;
import io.tunelab.middleware.flow.CreateSubscriptionsStep;
import io.tunelab.middleware.flow.IntakeStep;
import io.tunelab.middleware.flow.OrchestrationStep;
import io.tunelab.middleware.flow.Services;
import io.tunelab.middleware.flow.Step;
import io.tunelab.middleware.flow.UpdateCrmStep;
import io.tunelab.middleware.messaging.MessagingServer;
import io.tunelab.middleware.metrics.Meters;
import io.tunelab.middleware.soap.SoapClient;
import io.tunelab.middleware.sort.SortServer;
import io.tunelab.middleware.status.StatusServer;
import io.tunelab.middleware.xml.Stylesheets;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The running middleware: its stages, their consumers, and the status endpoint.
 *
 * <p>It can be parked ({@code POST /park}): its consumers, fetchers, engine threads and dequeue
 * threads close, so it takes no more work from the broker or the inbox, while its JVM, its pools
 * and its HTTP services stay up; {@code POST /resume} opens them again. The harness parks the
 * middleware of one step while it measures another's, and resumes it, already warm, for the step's
 * next round.
 */
public final class Middleware implements AutoCloseable {
  /**
   * The node identifier the middleware gives its transaction manager (Narayana), which ends the
   * global id of every XA transaction it makes: how a harness tells the middleware's prepared
   * branches from anyone else's.
   */
  public static final String XA_NODE_IDENTIFIER = "tunelab-middleware";

  private final MiddlewareSettings settings;
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();
  private Optional<Meters> meters = Optional.empty();
  private Pool pool;
  private SoapClient siebel;
  private SoapClient brm;
  private Diagnostics diagnostics;
  private Services services;
  private Map<Stage, Step> steps;
  private Pipeline pipeline;
  private BillingServer billing;
  private MessagingServer messaging;
  private SortServer sort;
  private StatusServer status;

  /** Whether it was asked to stop taking work ({@link #park}) and not to take it up again. */
  private boolean parked;

  private Middleware(MiddlewareSettings settings) {
    this.settings = settings;
  }

  /** Connects to the database, the broker and the back-ends, and starts consuming. */
  public static Middleware start(MiddlewareSettings settings) {
    Middleware middleware = new Middleware(settings);
    try {
      middleware.open();
      return middleware;
    } catch (SettingsException e) {
      middleware.close();
      throw e;
    } catch (Exception e) {
      middleware.close();
      throw new IllegalStateException(e.toString(), e);
    }
  }

  private void open() throws Exception {
    if (settings.metrics()) {
      meters = Optional.of(keep(Meters.start()));
    }
    pool = keep(Pool.open(settings, meters.map(Meters::registry)));
    int connections = settings.invokeConnections();
    siebel =
        keep(
            new SoapClient(
                "siebel",
                settings.siebelUrl(),
                connections,
                settings.invokeTimeoutMillis(),
                settings.invokeRetries()));
    brm =
        keep(
            new SoapClient(
                "brm",
                settings.brmUrl(),
                connections,
                settings.invokeTimeoutMillis(),
                settings.invokeRetries()));
    diagnostics = keep(Diagnostics.open(settings.diagnostics(), Path.of("diagnostics.log")));
    Stylesheets stylesheets = new Stylesheets();
    services =
        new Services(
            siebel,
            brm,
            stylesheets,
            new Instances(
                settings.instancePersistence(),
                settings.auditLevel(),
                settings.stateCompression()));
    steps = new EnumMap<>(Stage.class);
    steps.put(Stage.INTAKE, new IntakeStep(services));
    steps.put(Stage.ORCHESTRATION, new OrchestrationStep(services));
    steps.put(Stage.CREATE_CUSTOMER, new CreateCustomerStep(services));
    steps.put(Stage.CREATE_SUBSCRIPTIONS, new CreateSubscriptionsStep(services));
    steps.put(Stage.UPDATE_CRM, new UpdateCrmStep(services, new CrmUpdates(pool)));
    if (settings.role().servesRequests()) {
      billing = keep(startBilling(stylesheets));
      sort = keep(SortServer.start(settings.sort(), pool));
    }
    if (settings.role().servesQueues()) {
      openIntake();
    }
    status = keep(StatusServer.start(settings.httpPort(), this::status));
    meters.ifPresent(this::serveMeters);
    status.server().createContext("/park", exchange -> control(exchange, this::park));
    status.server().createContext("/resume", exchange -> control(exchange, this::resume));
  }

  /** The parts that take work: the stages' pipeline and, with a driver, the messaging server. */
  private void openIntake() throws Exception {
    pipeline = Pipeline.start(settings, pool, services, steps, diagnostics);
    if (!settings.driverUrl().isEmpty()) {
      messaging =
          MessagingServer.start(
              settings,
              pool,
              new SoapClient(
                  "driver",
                  settings.driverUrl(),
                  settings.invokeConnections(),
                  settings.invokeTimeoutMillis(),
                  settings.invokeRetries()));
    }
  }

  /** Stops taking work: consumers, fetchers, engine and dequeue threads close. Idempotent. */
  public synchronized void park() {
    parked = true;
    if (pipeline != null) {
      pipeline.close();
      pipeline = null;
    }
    if (messaging != null) {
      messaging.close();
      messaging = null;
    }
  }

  /**
   * Takes work again after {@link #park}; a no-op while not parked, and in a role that serves no
   * queue.
   */
  public synchronized void resume() throws Exception {
    if (pipeline == null && settings.role().servesQueues()) {
      openIntake();
    }
    parked = false;
  }

  /** Whether it is parked. */
  public synchronized boolean parked() {
    return parked;
  }

  private interface Control {
    void run() throws Exception;
  }

  /** POST only; 200 once done, 500 with the error. */
  private static void control(com.sun.net.httpserver.HttpExchange exchange, Control action)
      throws java.io.IOException {
    int code;
    String body;
    if (!"POST".equals(exchange.getRequestMethod())) {
      code = 405;
      body = "POST only\n";
    } else {
      try {
        action.run();
        code = 200;
        body = "ok\n";
      } catch (Exception e) {
        code = 500;
        body = e + "\n";
      }
    }
    byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(code, bytes.length);
    try (java.io.OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The billing-care service, with its own BRM connection pool. */
  private BillingServer startBilling(Stylesheets stylesheets) {
    SoapClient billingBrm =
        new SoapClient(
            "brm",
            settings.brmUrl(),
            settings.billing().brmConnections(),
            settings.invokeTimeoutMillis(),
            settings.invokeRetries());
    return BillingServer.start(
        settings.billing(),
        pool,
        billingBrm,
        stylesheets,
        new InstanceState(settings.stateCompression()));
  }

  private <T extends AutoCloseable> T keep(T resource) {
    resources.push(resource);
    return resource;
  }

  /**
   * The back-ends' pools bound to {@code meters}, and {@code /metrics} on the status port. The
   * engine and the queues are the observer's to read ({@code /status}, the broker), not meters
   * here.
   */
  private void serveMeters(Meters meters) {
    MeterRegistry registry = meters.registry();
    siebel.bindTo(registry);
    brm.bindTo(registry);
    status.serve("/metrics", meters::scrape, "text/plain; version=0.0.4");
  }

  /** Port of the status endpoint. */
  public int statusPort() {
    return status.port();
  }

  private synchronized Object status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("pid", ProcessHandle.current().pid());
    status.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
    status.put("settings", settings.masked());
    status.put("parked", parked);
    if (pipeline != null) {
      status.putAll(pipeline.status());
    }
    status.put(
        "backends",
        Map.of(
            "siebel", Map.of("calls", siebel.calls(), "failures", siebel.failures()),
            "brm", Map.of("calls", brm.calls(), "failures", brm.failures())));
    if (billing != null) {
      status.put("billing", billing.status());
    }
    if (messaging != null) {
      status.put("messaging", messaging.status());
    }
    if (sort != null) {
      status.put("sort", sort.status());
    }
    status.put("jdbcThreadsAwaitingConnection", pool.threadsAwaitingConnection());
    status.put("jdbcConnectionRefusals", pool.connectionRefusals());
    status.put("diagnosticsSamples", diagnostics.samples());
    status.put("diagnosticsStopwatch", diagnostics.stopwatch());
    return status;
  }

  @Override
  public synchronized void close() {
    park();
    while (!resources.isEmpty()) {
      try {
        resources.pop().close();
      } catch (Exception e) {
        System.err.println("tunelab middleware: while stopping: " + e);
      }
    }
  }
}
