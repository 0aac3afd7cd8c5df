package io.tunelab.middleware.billing;

import io.tunelab.middleware.config.MiddlewareSettings.Billing;
import io.tunelab.middleware.db.InstanceState;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.http.WorkerServer;
import io.tunelab.middleware.soap.SoapClient;
import io.tunelab.middleware.xml.Stylesheets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The billing-care SOAP endpoint: {@code POST http://127.0.0.1:<port>}{@value #PATH}, served by
 * exactly {@code billing.serverThreads} worker threads ({@link WorkerServer}), so the thread count
 * bounds how many requests are served, and BRM called, at once.
 */
public final class BillingServer implements AutoCloseable {
  /** The service's path. */
  public static final String PATH = "/BillingCare";

  private final WorkerServer server;
  private final SoapClient brm;
  private final BillingCounters counters;

  private BillingServer(WorkerServer server, SoapClient brm, BillingCounters counters) {
    this.server = server;
    this.brm = brm;
    this.counters = counters;
  }

  /**
   * Serves billing-care on {@code settings.port()} (0: a free port), calling BRM through {@code
   * brm}, which the server closes with itself.
   */
  public static BillingServer start(
      Billing settings,
      Pool pool,
      SoapClient brm,
      Stylesheets stylesheets,
      InstanceState instanceState) {
    BillingCounters counters = new BillingCounters();
    BillingService service =
        new BillingService(
            pool, brm, stylesheets, new BillingRecords(settings, instanceState), counters);
    try {
      WorkerServer server =
          WorkerServer.start(
              "billing",
              "billing.port",
              settings.port(),
              PATH,
              settings.serverThreads(),
              body -> {
                BillingService.Reply reply = service.answer(body);
                return new WorkerServer.Answer(reply.status(), reply.envelope(), "text/xml");
              });
      return new BillingServer(server, brm, counters);
    } catch (RuntimeException e) {
      brm.close();
      throw e;
    }
  }

  /** The endpoint's URL, e.g. {@code http://127.0.0.1:41235/BillingCare}. */
  public String url() {
    return server.url();
  }

  /** What {@code /status} shows under {@code billing}. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>(server.status());
    status.put(
        "brm", Map.of("calls", brm.calls(), "failures", brm.failures(), "pending", brm.pending()));
    status.put("operations", counters.asMap());
    return status;
  }

  @Override
  public void close() {
    server.close();
    brm.close();
  }
}
