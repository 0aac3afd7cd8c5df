package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.CrmUpdates;
import io.tunelab.middleware.xml.CanonicalOrder;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import java.sql.SQLException;
import java.util.Map;

/**
 * Update-CRM: tells Siebel the order is billed, with BRM's ids, and completes the instance. Siebel
 * is told once per order, also when the message comes again after a failed acknowledgement.
 */
public final class UpdateCrmStep implements Step {
  static final String PATH = "/eai_enu/start.swe";
  static final String ACTION = "document/http://siebel.com/SalesOrder:UpdateSalesOrder";

  private final Services services;
  private final CrmUpdates crmUpdates;

  public UpdateCrmStep(Services services, CrmUpdates crmUpdates) {
    this.services = services;
    this.crmUpdates = crmUpdates;
  }

  @Override
  public String handle(String payload, StageWork work) throws SQLException {
    long now = System.currentTimeMillis();
    CanonicalOrder order = CanonicalOrder.parse(payload);
    work.orderId(order.orderId());
    order.reached(Stage.UPDATE_CRM, now);
    long started = System.nanoTime();
    if (crmUpdates.done(order.orderId())) {
      work.activity("Siebel UpdateSalesOrder sent before", "", started);
    } else {
      String request =
          services.stylesheets().toText(Sheet.UPDATE_SALES_ORDER, order.document(), Map.of());
      String answer = services.siebel().call("UpdateSalesOrder", PATH, ACTION, request);
      crmUpdates.mark(order.orderId());
      work.activity("invoke Siebel UpdateSalesOrder", answer, started);
    }
    services
        .instances()
        .reached(
            work.connection(),
            order.instanceId(),
            order.orderId(),
            Stage.UPDATE_CRM,
            now,
            order::toXml,
            work.activities());
    services.instances().completed(work.connection(), order.instanceId(), order.orderId());
    return null;
  }
}
