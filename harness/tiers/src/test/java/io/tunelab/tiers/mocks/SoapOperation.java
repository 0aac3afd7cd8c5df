package io.tunelab.tiers.mocks;

import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The operations of the Siebel and BRM mocks as a caller sees them: where to send, which
 * SOAPAction, and the example request of {@code mocks/examples} with its ids replaced by fresh
 * ones, together with the ids the answer must echo.
 */
enum SoapOperation {
  QUERY_CUSTOMER_PARTY(
      "siebel",
      "/eai_enu/start.swe",
      "document/http://siebel.com/CustomerParty:QueryCustomerParty"),
  UPDATE_SALES_ORDER(
      "siebel", "/eai_enu/start.swe", "document/http://siebel.com/SalesOrder:UpdateSalesOrder"),
  CREATE_CUSTOMER(
      "brm", "/BrmWebServices/BRMCustServices", brm("BRMCustServices", "CreateCustomer")),
  SYNC_CUSTOMER("brm", "/BrmWebServices/BRMCustServices", brm("BRMCustServices", "SyncCustomer")),
  ADD_SUBSCRIPTION(
      "brm",
      "/BrmWebServices/BRMSubscriptionServices",
      brm("BRMSubscriptionServices", "AddSubscription")),
  PURCHASE_DEAL(
      "brm",
      "/BrmWebServices/BRMSubscriptionServices",
      brm("BRMSubscriptionServices", "PurchaseDeal")),
  GET_BALANCE_SUMMARY(
      "brm", "/BrmWebServices/BRMARServices", brm("BRMARServices", "GetBalanceSummary")),
  GET_INVOICE_LIST("brm", "/BrmWebServices/BRMARServices", brm("BRMARServices", "GetInvoiceList")),
  GET_SERVICE_USAGE(
      "brm", "/BrmWebServices/BRMBillServices", brm("BRMBillServices", "GetServiceUsage"));

  // Ids written in the example requests, replaced by fresh ones per call.
  private static final String PARTY = "1-7HX9QK";
  private static final String ORDER = "1-8ORD42";
  private static final String ORDER_NUMBER = "ORD-000042";
  private static final String ACCOUNT_NUMBER = "2491350293";

  final String backend;
  final String path;
  final String soapAction;

  SoapOperation(String backend, String path, String soapAction) {
    this.backend = backend;
    this.path = path;
    this.soapAction = soapAction;
  }

  private static String brm(String service, String operation) {
    return "http://xmlns.oracle.com/BRM/" + service + "/" + operation;
  }

  /**
   * The mapping name, as counted by the mock: {@code QUERY_CUSTOMER_PARTY} -> QueryCustomerParty.
   */
  String operationName() {
    StringBuilder name = new StringBuilder();
    for (String word : name().split("_")) {
      name.append(word.charAt(0)).append(word.substring(1).toLowerCase(java.util.Locale.ROOT));
    }
    return name.toString();
  }

  /** A request with ids made from {@code unique} (letters and digits), and what it must echo. */
  Call call(String unique) {
    String party = "1-P" + unique;
    String order = "1-O" + unique;
    String line = "1-L" + unique;
    String account = "0.0.0.1 /account 7" + Math.abs(unique.hashCode()) + " 0";
    String body = example();
    Map<String, String> echoes = new LinkedHashMap<>();
    String key;
    switch (this) {
      case QUERY_CUSTOMER_PARTY -> {
        body = body.replace(PARTY, party);
        echoes.put("Id", party);
        echoes.put("Name", "Customer " + party);
        echoes.put("PrimaryBillingProfileId", party + "-BP1");
        key = party;
      }
      case UPDATE_SALES_ORDER -> {
        body = body.replace(ORDER, order).replace(ORDER_NUMBER, "ORD-" + unique);
        echoes.put("OrderId", order);
        echoes.put("OrderNumber", "ORD-" + unique);
        echoes.put("Status", "Complete");
        echoes.put("LineItemsUpdated", "2");
        key = order;
      }
      case CREATE_CUSTOMER -> {
        body = body.replace(PARTY, party);
        echoes.put("ACCOUNT_NO", party);
        echoes.put("POID", "0.0.0.1 /account " + derivedId(party) + " 0");
        key = party;
      }
      case ADD_SUBSCRIPTION, PURCHASE_DEAL -> {
        body =
            body.replace("0.0.0.1 /account " + ACCOUNT_NUMBER + " 0", account)
                .replace(ORDER, order)
                .replaceAll("1-8LN0[12]", line);
        echoes.put("POID", account);
        echoes.put("ORDER_ID", order);
        echoes.put("ORDER_LINE_ID", line);
        echoes.put("OFFERING_OBJ", "0.0.0.1 /purchased_product " + derivedId(line) + " 0");
        key = line;
      }
      default -> {
        body = body.replace("0.0.0.1 /account " + ACCOUNT_NUMBER + " 0", account);
        echoes.put("POID", account);
        key = account;
      }
    }
    return new Call(this, body, echoes, key);
  }

  private String example() {
    try {
      return Files.readString(
          TunelabHome.locate()
              .mocks()
              .resolve("examples")
              .resolve(backend)
              .resolve(operationName() + ".xml"),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The documented id a mock derives from a value: its CRC-32 plus one. */
  static long derivedId(String value) {
    CRC32 crc = new CRC32();
    crc.update(value.getBytes(StandardCharsets.UTF_8));
    return crc.getValue() + 1;
  }

  /**
   * @param echoes local element name -> text the first such element of the answer must have
   * @param key the key id the mock's counter records for this call
   */
  record Call(SoapOperation operation, String body, Map<String, String> echoes, String key) {}
}
