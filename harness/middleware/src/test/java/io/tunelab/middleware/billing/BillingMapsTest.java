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

/**
 * The billing-care XSLT maps against the BRM mock's own request examples and response files
 * (mocks/brm), with the mock's placeholders filled as the mock fills them.
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

  /** The mock's response file with the placeholders this test needs filled. */
  private static Document brmAnswer(BillingOperation operation) throws IOException {
    Path file =
        Path.of(System.getProperty("tunelab.home", "../.."))
            .resolve("mocks/brm/__files/" + operation.brmOperation() + "-response.xml");
    String text =
        Files.readString(file, StandardCharsets.UTF_8)
            .replace("${POID}", POID)
            .replace("${id:POID}", "777")
            .replaceAll("\\$\\{[A-Z_]+}", "X");
    return Xml.parse(text);
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
            BillingOperation.BALANCE_SUMMARY, "/balance_group 777 0",
            BillingOperation.INVOICE_LIST, "B1-777-202601",
            BillingOperation.UNBILLED_USAGE, "/telephony 77701 0");
    for (BillingOperation operation : BillingOperation.values()) {
      String answer =
          SHEETS.toText(operation.toCrm(), brmAnswer(operation), Map.of("customerId", "1-0063Z"));

      Document crm = Xml.parse(answer);
      assertThat(Xml.elements(crm, operation.crmName() + "Response").getLength()).isEqualTo(1);
      assertThat(Xml.text(crm, "CustomerId")).isEqualTo("1-0063Z");
      assertThat(Xml.text(crm, "BillingAccountId")).isEqualTo(POID);
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
