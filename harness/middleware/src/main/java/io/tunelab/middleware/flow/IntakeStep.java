package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Xref;
import io.tunelab.middleware.xml.CanonicalOrder;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import io.tunelab.middleware.xml.Xml;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import org.w3c.dom.Document;

/**
 * Intake: accepts an order once (idempotent by order id), maps the Siebel order to the canonical
 * one, finds the customer's common id in the cross-references and starts the process instance.
 */
public final class IntakeStep implements Step {
  private final Services services;

  public IntakeStep(Services services) {
    this.services = services;
  }

  @Override
  public String handle(String payload, StageWork work) throws SQLException {
    long started = System.nanoTime();
    long now = System.currentTimeMillis();
    Document siebelOrder = Xml.parse(payload);
    String orderId = Xml.text(siebelOrder, "OrderId");
    if (orderId.isEmpty()) {
      throw new IllegalArgumentException("the order has no OrderId");
    }
    work.orderId(orderId);
    work.activity("receive", payload, started);
    accept(work, orderId);

    started = System.nanoTime();
    String partyId = Xml.text(siebelOrder, "PartyId");
    String commonId =
        Xref.lookup(work.connection(), "CUSTOMERPARTY_PARTYID", "SEBL_01", partyId, "COMMON")
            .orElse("");
    work.activity("xref customer", commonId, started);

    started = System.nanoTime();
    Document canonical =
        services
            .stylesheets()
            .toDocument(
                Sheet.ORDER_TO_CANONICAL,
                siebelOrder,
                Map.of("commonCustomerId", commonId, "receivedAt", Long.toString(now)));
    CanonicalOrder order = new CanonicalOrder(canonical);
    // The instance id goes into the message, so the order is serialized once, after it is known.
    long instanceId = services.instances().start(work.connection(), orderId, now);
    order.instanceId(instanceId);
    String text = order.toXml();
    work.activity("transform to canonical", text, started);
    services
        .instances()
        .reached(
            work.connection(),
            instanceId,
            orderId,
            Stage.INTAKE,
            now,
            () -> text,
            work.activities());
    return text;
  }

  private static void accept(StageWork work, String orderId) throws SQLException {
    try (PreparedStatement insert =
        work.connection()
            .prepareStatement(
                "INSERT INTO order_receipt (order_id) VALUES (?) ON CONFLICT DO NOTHING")) {
      insert.setString(1, orderId);
      if (insert.executeUpdate() == 0) {
        throw new DuplicateOrder(orderId);
      }
    }
  }
}
