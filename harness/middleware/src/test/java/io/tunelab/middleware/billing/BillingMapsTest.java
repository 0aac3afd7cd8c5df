package io.tunelab.middleware.billing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.middleware.xml.Stylesheets;
import io.tunelab.middleware.xml.Xml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The billing-care XSLT maps against the BRM mock's own answers to its example requests
 * (mocks/examples/brm/answers, which the mocks module's MockFilesTest keeps equal to what the mock
 * renders).
 */
class BillingMapsTest {
  private static final Stylesheets SHEETS = new Stylesheets();
  private static final String POID = "0.0.0.1 /account 100007";

  private static Document crmRequest(BillingOperation operation) {
    return Xml.parse(
        "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:bc=\"urn:tunelab:billing-care\"><soapenv:Body><bc:"
            + operation.crmName()
            + "Request><bc:CustomerId>1-0063Z</bc:CustomerId></bc:"
            + operation.crmName()
            + "Request></soapenv:Body></soapenv:Envelope>");
  }

  private static String brmRequest(BillingOperation operation) {
    return SHEETS.toText(
        operation.toBrm(),
        crmRequest(operation),
        Map.of("accountPoid", POID, "startSeconds", "100", "endSeconds", "200"));
  }

  /** The account of the mock's example requests, and the id the mock derives from it. */
  private static final String EXAMPLE_POID = "0.0.0.1 /account 2491350293 0";

  private static final String EXAMPLE_ID = "1452722306";

  /** The mock's answer to its example request of this operation, as the mock renders it. */
  private static Document brmAnswer(BillingOperation operation) throws IOException {
    Path file =
        Path.of(System.getProperty("tunelab.home", "../.."))
            .resolve("mocks/examples/brm/answers/" + operation.brmOperation() + ".xml");
    return Xml.parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  @Test
  void everyRequestCarriesTheAccountFromTheXrefLookup() {
    for (BillingOperation operation : BillingOperation.values()) {
      Document request = Xml.parse(brmRequest(operation));

      assertThat(Xml.text(request, "POID")).as(operation.name()).isEqualTo(POID);
      assertThat(request.getDocumentElement().getLocalName()).isEqualTo("Envelope");
      assertThat(Xml.elements(request, operation.brmOperation() + "Request").getLength())
          .isEqualTo(1);
    }
  }

  @Test
  void usageRequestNamesTheAccountsServiceAndTheWindow() {
    Document request = Xml.parse(brmRequest(BillingOperation.UNBILLED_USAGE));

    assertThat(Xml.text(request, "SERVICE_OBJ")).isEqualTo("0.0.0.1 /service/telco/gsm 100007");
    assertThat(Xml.text(request, "START_T")).isEqualTo("100");
    assertThat(Xml.text(request, "END_T")).isEqualTo("200");
  }

  @Test
  void answersNameTheCustomerAndCarryTheAccountsData() throws IOException {
    Map<BillingOperation, String> expected =
        Map.of(
            BillingOperation.BALANCE_SUMMARY, "/balance_group " + EXAMPLE_ID + " 0",
            BillingOperation.INVOICE_LIST, "B1-" + EXAMPLE_ID + "-202601",
            BillingOperation.UNBILLED_USAGE, "/telephony " + EXAMPLE_ID + "01 0");
    for (BillingOperation operation : BillingOperation.values()) {
      String answer =
          SHEETS.toText(operation.toCrm(), brmAnswer(operation), Map.of("customerId", "1-0063Z"));

      Document crm = Xml.parse(answer);
      assertThat(Xml.elements(crm, operation.crmName() + "Response").getLength()).isEqualTo(1);
      assertThat(Xml.text(crm, "CustomerId")).isEqualTo("1-0063Z");
      assertThat(Xml.text(crm, "BillingAccountId")).isEqualTo(EXAMPLE_POID);
      assertThat(answer).contains(expected.get(operation));
    }
  }

  @Test
  void listsCountWhatBrmReturned() throws IOException {
    Document invoices =
        Xml.parse(
            SHEETS.toText(
                BillingOperation.INVOICE_LIST.toCrm(),
                brmAnswer(BillingOperation.INVOICE_LIST),
                Map.of("customerId", "c")));
    Document usage =
        Xml.parse(
            SHEETS.toText(
                BillingOperation.UNBILLED_USAGE.toCrm(),
                brmAnswer(BillingOperation.UNBILLED_USAGE),
                Map.of("customerId", "c")));

    assertThat(Xml.text(invoices, "InvoiceCount")).isEqualTo("6");
    assertThat(Xml.elements(invoices, "Invoice").getLength()).isEqualTo(6);
    assertThat(Xml.text(usage, "UsageCount")).isEqualTo("8");
    assertThat(Xml.text(usage, "UnbilledTotal")).isEqualTo("18.88");
  }

  /** No line is capped or summed away: the transform's work grows with the answer. */
  @Test
  void everyLineOfALongAnswerIsMappedInOrder() throws IOException {
    Document brm = brmAnswer(BillingOperation.UNBILLED_USAGE);
    NodeList lines = Xml.elements(brm, "RESULTS");
    int original = lines.getLength();
    Element first = (Element) lines.item(0);
    for (int i = original; i < 500; i++) {
      Element copy = (Element) first.cloneNode(true);
      copy.getElementsByTagNameNS("*", "POID").item(0).setTextContent("event " + i);
      first.getParentNode().appendChild(copy);
    }

    Document crm =
        Xml.parse(
            SHEETS.toText(BillingOperation.UNBILLED_USAGE.toCrm(), brm, Map.of("customerId", "c")));

    NodeList events = Xml.elements(crm, "EventId");
    assertThat(Xml.text(crm, "UsageCount")).isEqualTo("500");
    assertThat(events.getLength()).isEqualTo(500);
    for (int i = original; i < 500; i++) {
      assertThat(events.item(i).getTextContent()).isEqualTo("event " + i);
    }
  }

  @Test
  void faultEscapesTheReasonAndNamesOperationAndCustomer() {
    String fault =
        SoapFaults.envelope(SoapFaults.CLIENT, "unknown customer <1&2>", "GetInvoiceList", "1-X");

    Document parsed = Xml.parse(fault);
    assertThat(Xml.text(parsed, "faultcode")).isEqualTo("soap:Client");
    assertThat(Xml.text(parsed, "faultstring")).isEqualTo("unknown customer <1&2>");
    assertThat(Xml.text(parsed, "Operation")).isEqualTo("GetInvoiceList");
    assertThat(Xml.text(parsed, "CustomerId")).isEqualTo("1-X");
  }

  @Test
  void requestElementNamesTheOperation() {
    assertThat(BillingOperation.byRequestElement("GetUnbilledUsageRequest"))
        .isEqualTo(BillingOperation.UNBILLED_USAGE);
    assertThat(BillingOperation.byRequestElement("GetServiceUsageRequest")).isNull();
  }
}
