package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Xref;
import io.tunelab.middleware.soap.BackendFault;
import io.tunelab.middleware.soap.SoapAnswer;
import io.tunelab.middleware.xml.CanonicalOrder;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import io.tunelab.middleware.xml.Xml;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Create-customer: a customer BRM knows (an xref row maps its Siebel id to a BRM account) is
 * synchronized; a new one is created in BRM and its three cross-references are written.
 */
public final class CreateCustomerStep implements Step {
  static final String PATH = "/BrmWebServices/BRMCustServices";
  static final String ACTIONS = "http://xmlns.oracle.com/BRM/BRMCustServices/";
  private static final String XREF_TABLE = "CUSTOMERPARTY_PARTYID";

  private final Services services;

  public CreateCustomerStep(Services services) {
    this.services = services;
  }

  @Override
  public String handle(String payload, StageWork work) throws SQLException {
    long now = System.currentTimeMillis();
    CanonicalOrder order = CanonicalOrder.parse(payload);
    work.orderId(order.orderId());
    order.reached(Stage.CREATE_CUSTOMER, now);
    String partyId = order.partyId();

    long started = System.nanoTime();
    // a customer's orders may reach this step together: one creates it, the others synchronize
    Xref.lockMapping(work.connection(), XREF_TABLE, partyId);
    Optional<String> known =
        Xref.lookup(work.connection(), XREF_TABLE, "SEBL_01", partyId, "BRM_01");
    work.activity("xref account", known.orElse(""), started);

    started = System.nanoTime();
    String poid;
    if (known.isPresent()) {
      poid = known.get();
      String request =
          services
              .stylesheets()
              .toText(Sheet.SYNC_CUSTOMER, order.document(), Map.of("accountPoid", poid));
      String answer = services.brm().call("SyncCustomer", PATH, ACTIONS + "SyncCustomer", request);
      work.activity("invoke BRM SyncCustomer", answer, started);
      // read like the other answers: a broken one is BRM's fault, not a customer synchronized
      if (Xml.text(SoapAnswer.parse("brm", "SyncCustomer", answer), "POID").isEmpty()) {
        throw new BackendFault("brm SyncCustomer answered without POID", null);
      }
      order.billingAccount(poid, "sync");
    } else {
      String request =
          services.stylesheets().toText(Sheet.CREATE_CUSTOMER, order.document(), Map.of());
      String answer =
          services.brm().call("CreateCustomer", PATH, ACTIONS + "CreateCustomer", request);
      work.activity("invoke BRM CreateCustomer", answer, started);
      poid = Xml.text(SoapAnswer.parse("brm", "CreateCustomer", answer), "ACCOUNT_OBJ");
      if (poid.isEmpty()) {
        throw new BackendFault("brm CreateCustomer answered without ACCOUNT_OBJ", null);
      }
      started = System.nanoTime();
      Xref.insert(
          work.connection(),
          XREF_TABLE,
          UUID.randomUUID().toString().replace("-", "").toUpperCase(Locale.ROOT),
          List.of(
              new Xref.Column("SEBL_01", partyId),
              new Xref.Column("COMMON", UUID.randomUUID().toString()),
              new Xref.Column("BRM_01", poid)));
      work.activity("xref write account", poid, started);
      order.billingAccount(poid, "create");
    }
    String text = order.toXml();
    services
        .instances()
        .reached(
            work.connection(),
            order.instanceId(),
            order.orderId(),
            Stage.CREATE_CUSTOMER,
            now,
            () -> text,
            work.activities());
    return text;
  }
}
