package io.tunelab.middleware.xml;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.xml.Stylesheets.Sheet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StylesheetsTest {
  private static final Stylesheets SHEETS = new Stylesheets();

  private static CanonicalOrder canonical() throws IOException {
    String order;
    try (InputStream in = StylesheetsTest.class.getResourceAsStream("/orders/small.xml")) {
      order = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("PARTY", "1-0063Z");
    }
    return new CanonicalOrder(
        SHEETS.toDocument(
            Sheet.ORDER_TO_CANONICAL,
            Xml.parse(order),
            Map.of("commonCustomerId", "C1", "receivedAt", "1000")));
  }

  @Test
  void everyStylesheetCompiles() {
    new Stylesheets().compileAll();
  }

  @Test
  void canonicalOrderKeepsIdsLinesAndEnqueueTime() throws IOException {
    CanonicalOrder order = canonical();

    assertThat(order.orderId()).isEqualTo("ORD-test-000001");
    assertThat(order.partyId()).isEqualTo("1-0063Z");
    assertThat(order.lineCount()).isEqualTo(2);
    assertThat(order.lineId(2)).isEqualTo("ORD-test-000001-L002");
    assertThat(order.productId(1)).isEqualTo("1-PRD017");
    assertThat(order.enqueuedAtMillis()).isEqualTo(1795000000000L);
    assertThat(order.instanceId()).isEqualTo(-1);
    assertThat(order.timeline()).containsEntry(Stage.INTAKE, 1000L);
  }

  @Test
  void canonicalOrderSurvivesTextRoundTripWithWhatStagesAdded() throws IOException {
    CanonicalOrder order = canonical();
    order.instanceId(42);
    order.reached(Stage.ORCHESTRATION, 2000);
    order.billingAccount("0.0.0.1 /account 7 0", "create");
    order.purchased(1, "0.0.0.1 /purchased_product 9 0");

    CanonicalOrder again = CanonicalOrder.parse(order.toXml());

    assertThat(again.instanceId()).isEqualTo(42);
    assertThat(again.timeline()).containsEntry(Stage.ORCHESTRATION, 2000L);
    assertThat(again.billingAccountPoid()).isEqualTo("0.0.0.1 /account 7 0");
  }

  @Test
  void subscriptionRequestCarriesTheLineAndDeal() throws IOException {
    CanonicalOrder order = canonical();
    order.billingAccount("0.0.0.1 /account 7 0", "sync");

    String request =
        SHEETS.toText(
            Sheet.ADD_SUBSCRIPTION,
            order.document(),
            Map.of("lineIndex", "2", "dealPoid", "0.0.0.1 /deal 200023"));

    assertThat(Xml.text(Xml.parse(request), "ORDER_LINE_ID")).isEqualTo("ORD-test-000001-L002");
    assertThat(Xml.text(Xml.parse(request), "PRODUCT_OBJ")).isEqualTo("0.0.0.1 /deal 200023");
    assertThat(Xml.text(Xml.parse(request), "SERVICE_OBJ"))
        .isEqualTo("0.0.0.1 /service/telco/gsm 7 0");
  }

  @Test
  void crmUpdateListsEveryLineWithItsSubscription() throws IOException {
    CanonicalOrder order = canonical();
    order.billingAccount("0.0.0.1 /account 7 0", "sync");
    order.purchased(1, "P1");
    order.purchased(2, "P2");

    String request = SHEETS.toText(Sheet.UPDATE_SALES_ORDER, order.document(), Map.of());

    assertThat(Xml.elements(Xml.parse(request), "LineItem").getLength()).isEqualTo(2);
    assertThat(Xml.text(Xml.parse(request), "OrderId")).isEqualTo("ORD-test-000001");
    assertThat(request).contains("P2");
  }
}
