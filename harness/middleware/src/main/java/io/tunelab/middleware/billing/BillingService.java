package io.tunelab.middleware.billing;

import io.tunelab.middleware.billing.BillingRecords.Request;
import io.tunelab.middleware.db.DbException;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.db.Xref;
import io.tunelab.middleware.flow.Activity;
import io.tunelab.middleware.soap.BackendFault;
import io.tunelab.middleware.soap.SoapClient;
import io.tunelab.middleware.xml.Stylesheets;
import io.tunelab.middleware.xml.Xml;
import io.tunelab.middleware.xml.XmlException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * One billing-care request from the CRM, start to end: parse it, look the customer's BRM account up
 * in {@code xref_data}, map the request to BRM's flist (XSLT), call BRM, map the answer to the
 * CRM's format (XSLT), write the request's records by policy, answer. Thread-safe; one call per
 * server thread at a time.
 */
public final class BillingService {
  /** The xref table of CRM customer party ids and their BRM accounts. */
  static final String XREF_TABLE = "CUSTOMERPARTY_PARTYID";

  /** BRM queries look back this far for bills and usage. */
  private static final long WINDOW_SECONDS = 184L * 24 * 3600;

  private final Pool pool;
  private final SoapClient brm;
  private final Stylesheets stylesheets;
  private final BillingRecords records;
  private final BillingCounters counters;

  BillingService(
      Pool pool,
      SoapClient brm,
      Stylesheets stylesheets,
      BillingRecords records,
      BillingCounters counters) {
    this.pool = pool;
    this.brm = brm;
    this.stylesheets = stylesheets;
    this.records = records;
    this.counters = counters;
  }

  /** The answer to one request: HTTP status and SOAP envelope. */
  record Reply(int status, String envelope) {}

  /** Answers a request envelope; never throws, every failure is a SOAP Fault. */
  Reply answer(String envelope) {
    long startedMillis = System.currentTimeMillis();
    List<Activity> audit = new ArrayList<>();
    audit.add(new Activity("receive", startedMillis, envelope));
    BillingOperation operation = null;
    String customerId = "";
    try {
      Document request = parse(envelope);
      operation = operation(request);
      counters.received(operation);
      customerId = customerId(request);
      String answer = serve(operation, customerId, request, audit);
      record(operation, customerId, startedMillis, null, audit);
      counters.answered(operation);
      return new Reply(200, answer);
    } catch (BillingFault e) {
      return fault(operation, customerId, startedMillis, e, audit);
    } catch (BackendFault | XmlException | DbException e) {
      BillingFault fault = new BillingFault(SoapFaults.SERVER, reason(operation, customerId, e), e);
      return fault(operation, customerId, startedMillis, fault, audit);
    } catch (RuntimeException e) {
      // A bug, not a back-end: still an answer, so that no caller waits for nothing.
      e.printStackTrace();
      BillingFault fault =
          new BillingFault(SoapFaults.SERVER, reason(operation, customerId, e) + " " + e, e);
      return fault(operation, customerId, startedMillis, fault, audit);
    }
  }

  private String serve(
      BillingOperation operation, String customerId, Document request, List<Activity> audit) {
    String account = account(customerId);
    audit.add(new Activity("xref " + XREF_TABLE, System.currentTimeMillis(), account));
    long nowSeconds = System.currentTimeMillis() / 1000;
    String brmRequest =
        stylesheets.toText(
            operation.toBrm(),
            request,
            Map.of(
                "accountPoid", account,
                "startSeconds", Long.toString(nowSeconds - WINDOW_SECONDS),
                "endSeconds", Long.toString(nowSeconds)));
    audit.add(new Activity("invoke brm " + operation.brmOperation(), now(), brmRequest));
    String brmAnswer =
        brm.call(
            operation.brmOperation(), operation.brmPath(), operation.brmSoapAction(), brmRequest);
    audit.add(new Activity("brm answered " + operation.brmOperation(), now(), brmAnswer));
    String answer =
        stylesheets.toText(
            operation.toCrm(), Xml.parse(brmAnswer), Map.of("customerId", customerId));
    audit.add(new Activity("reply " + operation.crmName(), now(), answer));
    return answer;
  }

  private static Document parse(String envelope) {
    try {
      return Xml.parse(envelope);
    } catch (XmlException e) {
      throw BillingFault.client("the request is not XML: " + e.getMessage());
    }
  }

  private static BillingOperation operation(Document request) {
    Element body = firstChild(request.getDocumentElement(), "Body");
    Element call = body == null ? null : firstChild(body, null);
    BillingOperation operation =
        call == null ? null : BillingOperation.byRequestElement(call.getLocalName());
    if (operation == null || !BillingOperation.NAMESPACE.equals(call.getNamespaceURI())) {
      throw BillingFault.client(
          "the SOAP Body holds no billing-care request: expected one of "
              + Arrays.stream(BillingOperation.values()).map(o -> o.crmName() + "Request").toList()
              + " in namespace "
              + BillingOperation.NAMESPACE
              + ", got "
              + (call == null
                  ? "nothing"
                  : "{" + call.getNamespaceURI() + "}" + call.getLocalName()));
    }
    return operation;
  }

  private static String customerId(Document request) {
    String customerId = Xml.text(request, "CustomerId");
    if (customerId.isEmpty() || customerId.length() > 64) {
      throw BillingFault.client(
          "CustomerId is required: the CRM customer (party) id, 1..64 characters");
    }
    return customerId;
  }

  /** The customer's BRM account POID, from {@code xref_data} in the studies' query shape. */
  private String account(String customerId) {
    try (Connection connection = pool.connection()) {
      return Xref.lookup(connection, XREF_TABLE, "SEBL_01", customerId, "BRM_01")
          .orElseThrow(
              () -> {
                counters.unknownCustomer();
                return BillingFault.client(
                    "unknown customer "
                        + customerId
                        + ": no BRM account is mapped to it in xref_data ("
                        + XREF_TABLE
                        + ", SEBL_01)");
              });
    } catch (SQLException e) {
      throw new DbException(e);
    }
  }

  private Reply fault(
      BillingOperation operation,
      String customerId,
      long startedMillis,
      BillingFault fault,
      List<Activity> audit) {
    counters.faulted(operation, fault.faultcode());
    audit.add(new Activity("fault", now(), fault.getMessage()));
    String name = operation == null ? "unknown" : operation.crmName();
    try {
      record(operation, customerId, startedMillis, fault.getMessage(), audit);
    } catch (DbException e) {
      // The caller learns about its request's fault; the lost record is this line in the log.
      System.err.println("tunelab middleware: billing-care fault not recorded: " + e.getMessage());
    }
    return new Reply(
        500, SoapFaults.envelope(fault.faultcode(), fault.getMessage(), name, customerId));
  }

  private void record(
      BillingOperation operation,
      String customerId,
      long startedMillis,
      String faultReason,
      List<Activity> audit) {
    if (!records.writes(faultReason != null)) {
      return;
    }
    Request request =
        new Request(
            "BC-" + UUID.randomUUID(),
            operation == null ? "unknown" : operation.crmName(),
            customerId,
            startedMillis);
    pool.inTransaction(
        connection -> {
          records.write(connection, request, faultReason, audit);
          return null;
        });
  }

  private static String reason(BillingOperation operation, String customerId, RuntimeException e) {
    String what = operation == null ? "billing-care request" : operation.crmName();
    return what + " for customer " + customerId + " failed: " + e.getMessage();
  }

  private static Element firstChild(Element parent, String localName) {
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element
          && (localName == null || localName.equals(element.getLocalName()))) {
        return element;
      }
    }
    return null;
  }

  private static long now() {
    return System.currentTimeMillis();
  }
}
