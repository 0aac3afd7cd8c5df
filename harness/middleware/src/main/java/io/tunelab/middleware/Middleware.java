package io.tunelab.middleware;

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

/** The running middleware: its stages, their consumers, and the status endpoint. */
public final class Middleware implements AutoCloseable {
  /**
   * The node identifier the middleware gives its transaction manager (Narayana), which ends the
   * global id of every XA transaction it makes: how a harness tells the middleware's prepared
   * branches from anyone else's.
   */
  public static final String XA_NODE_IDENTIFIER = "tunelab-middleware";

  private final MiddlewareSettings settings;
  private final Deque<AutoCloseable> resources = new ArrayDeque<>();
  private Pool pool;
  private SoapClient siebel;
  private SoapClient brm;
  private Diagnostics diagnostics;
  private Pipeline pipeline;
  private BillingServer billing;
  private MessagingServer messaging;
  private SortServer sort;
  private StatusServer status;

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
    pool = keep(Pool.open(settings));
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
    Services services =
        new Services(
            siebel,
            brm,
            stylesheets,
            new Instances(
                settings.instancePersistence(),
                settings.auditLevel(),
                settings.stateCompression()));
    Map<Stage, Step> steps = new EnumMap<>(Stage.class);
    steps.put(Stage.INTAKE, new IntakeStep(services));
    steps.put(Stage.ORCHESTRATION, new OrchestrationStep(services));
    steps.put(Stage.CREATE_CUSTOMER, new CreateCustomerStep(services));
    steps.put(Stage.CREATE_SUBSCRIPTIONS, new CreateSubscriptionsStep(services));
    steps.put(Stage.UPDATE_CRM, new UpdateCrmStep(services, new CrmUpdates(pool)));
    pipeline = keep(Pipeline.start(settings, pool, services, steps, diagnostics));
    billing = keep(startBilling(stylesheets));
    if (!settings.driverUrl().isEmpty()) {
      messaging =
          keep(
              MessagingServer.start(
                  settings,
                  pool,
                  new SoapClient(
                      "driver",
                      settings.driverUrl(),
                      connections,
                      settings.invokeTimeoutMillis(),
                      settings.invokeRetries())));
    }
    sort = keep(SortServer.start(settings.sort(), pool));
    status = keep(StatusServer.start(settings.httpPort(), this::status));
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

  /** Port of the status endpoint. */
  public int statusPort() {
    return status.port();
  }

  private Object status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("pid", ProcessHandle.current().pid());
    status.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
    status.put("settings", settings.masked());
    status.putAll(pipeline.status());
    status.put(
        "backends",
        Map.of(
            "siebel", Map.of("calls", siebel.calls(), "failures", siebel.failures()),
            "brm", Map.of("calls", brm.calls(), "failures", brm.failures())));
    status.put("billing", billing.status());
    if (messaging != null) {
      status.put("messaging", messaging.status());
    }
    status.put("sort", sort.status());
    status.put("jdbcThreadsAwaitingConnection", pool.threadsAwaitingConnection());
    status.put("diagnosticsSamples", diagnostics.samples());
    return status;
  }

  @Override
  public synchronized void close() {
    while (!resources.isEmpty()) {
      try {
        resources.pop().close();
      } catch (Exception e) {
        System.err.println("tunelab middleware: while stopping: " + e);
      }
    }
  }
}
