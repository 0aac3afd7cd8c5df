package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Xref;
import io.tunelab.middleware.soap.BackendFault;
import io.tunelab.middleware.soap.SoapAnswer;
import io.tunelab.middleware.xml.CanonicalOrder;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import io.tunelab.middleware.xml.Xml;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Create-subscriptions: one BRM call per order line (the product's deal from the xref), then the
 * line-to-subscription cross-references of the whole order in one batch.
 */
public final class CreateSubscriptionsStep implements Step {
  static final String PATH = "/BrmWebServices/BRMSubscriptionServices";
  static final String ACTION =
      "http://xmlns.oracle.com/BRM/BRMSubscriptionServices/AddSubscription";

  private final Services services;

  public CreateSubscriptionsStep(Services services) {
    this.services = services;
  }

  @Override
  public String handle(String payload, StageWork work) throws SQLException {
    long now = System.currentTimeMillis();
    CanonicalOrder order = CanonicalOrder.parse(payload);
    work.orderId(order.orderId());
    order.reached(Stage.CREATE_SUBSCRIPTIONS, now);
    List<String[]> written = new ArrayList<>();
    for (int line = 1; line <= order.lineCount(); line++) {
      String product = order.productId(line);
      long started = System.nanoTime();
      String deal =
          Xref.lookup(work.connection(), "ITEM_ITEMID", "SEBL_01", product, "BRM_01")
              .orElseThrow(
                  () ->
                      new BackendFault(
                          "product " + product + " has no BRM deal in the cross-references", null));
      work.activity("xref product", deal, started);

      started = System.nanoTime();
      String request =
          services
              .stylesheets()
              .toText(
                  Sheet.ADD_SUBSCRIPTION,
                  order.document(),
                  Map.of("lineIndex", Integer.toString(line), "dealPoid", deal));
      String answer = services.brm().call("AddSubscription", PATH, ACTION, request);
      work.activity("invoke BRM AddSubscription", answer, started);
      String purchased =
          Xml.text(SoapAnswer.parse("brm", "AddSubscription", answer), "OFFERING_OBJ");
      order.purchased(line, purchased);
      written.add(new String[] {order.lineId(line), purchased});
    }
    long started = System.nanoTime();
    for (String[] mapping : written) {
      Xref.insert(
          work.connection(),
          "SALESORDER_LINEID",
          mapping[0],
          List.of(new Xref.Column("SEBL_01", mapping[0]), new Xref.Column("BRM_01", mapping[1])));
    }
    work.activity("xref write subscriptions", Integer.toString(written.size()), started);
    String text = order.toXml();
    services
        .instances()
        .reached(
            work.connection(),
            order.instanceId(),
            order.orderId(),
            Stage.CREATE_SUBSCRIPTIONS,
            now,
            () -> text,
            work.activities());
    return text;
  }
}
