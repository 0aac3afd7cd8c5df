package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.soap.SoapAnswer;
import io.tunelab.middleware.xml.CanonicalOrder;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import io.tunelab.middleware.xml.Xml;
import java.sql.SQLException;
import java.util.Map;

/** Orchestration: the order names its customer only; the CRM tells who that is. */
public final class OrchestrationStep implements Step {
  static final String PATH = "/eai_enu/start.swe";
  static final String ACTION = "document/http://siebel.com/CustomerParty:QueryCustomerParty";

  private final Services services;

  public OrchestrationStep(Services services) {
    this.services = services;
  }

  @Override
  public String handle(String payload, StageWork work) throws SQLException {
    long now = System.currentTimeMillis();
    CanonicalOrder order = CanonicalOrder.parse(payload);
    work.orderId(order.orderId());
    order.reached(Stage.ORCHESTRATION, now);

    long started = System.nanoTime();
    String request =
        services.stylesheets().toText(Sheet.QUERY_CUSTOMER, order.document(), Map.of());
    String answer = services.siebel().call("QueryCustomerParty", PATH, ACTION, request);
    work.activity("invoke Siebel QueryCustomerParty", answer, started);

    started = System.nanoTime();
    var profile =
        services
            .stylesheets()
            .toDocument(
                Sheet.CUSTOMER_TO_CANONICAL,
                SoapAnswer.parse("siebel", "QueryCustomerParty", answer),
                Map.of());
    if (!order.partyId().equals(Xml.text(profile, "AccountId"))) {
      throw new IllegalStateException(
          "Siebel answered for customer "
              + Xml.text(profile, "AccountId")
              + ", asked for "
              + order.partyId());
    }
    order.profile(profile);
    String text = order.toXml();
    work.activity("transform customer", text, started);

    services
        .instances()
        .reached(
            work.connection(),
            order.instanceId(),
            order.orderId(),
            Stage.ORCHESTRATION,
            now,
            () -> text,
            work.activities());
    return text;
  }
}
