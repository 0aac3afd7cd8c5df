package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestValuesTest {
  private static final String REQUEST =
      """
      <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">
        <soapenv:Body>
          <ord:Order xmlns:ord="http://siebel.com/SalesOrder">
            <ord:OrderId> 1-8ORD42 </ord:OrderId>
            <ord:OrderIdSuffix>wrong</ord:OrderIdSuffix>
            <Status xsi:type="xsd:string">Complete</Status>
            <ord:LineItem><ord:LineId>L1</ord:LineId><ord:Empty/></ord:LineItem>
            <ord:LineItem><ord:LineId>L2</ord:LineId></ord:LineItem>
            <ord:Note>A &amp; B</ord:Note>
          </ord:Order>
        </soapenv:Body>
      </soapenv:Envelope>
      """;

  private final RequestValues values = new RequestValues(REQUEST);

  @Test
  void findsAnElementByLocalNameWhateverItsPrefix() {
    assertThat(values.text("OrderId")).isEqualTo("1-8ORD42");
    assertThat(values.text("Status")).isEqualTo("Complete");
  }

  @Test
  void doesNotTakeAnElementWhoseNameOnlyStartsTheSame() {
    assertThat(values.text("OrderIdSuffix")).isEqualTo("wrong");
    assertThat(new RequestValues("<a:OrderIdSuffix>x</a:OrderIdSuffix>").text("OrderId")).isEmpty();
  }

  @Test
  void takesTheFirstOfRepeatedElements() {
    assertThat(values.text("LineId")).isEqualTo("L1");
  }

  @Test
  void countsRepeatedElementsIncludingEmptyOnes() {
    assertThat(values.count("LineId")).isEqualTo(2);
    assertThat(values.count("LineItem")).isEqualTo(2);
    assertThat(values.count("Empty")).isEqualTo(1);
    assertThat(values.count("Missing")).isZero();
  }

  @Test
  void answersEmptyForMissingOrSelfClosingElements() {
    assertThat(values.text("Missing")).isEmpty();
    assertThat(values.text("Empty")).isEmpty();
    assertThat(new RequestValues(null).text("OrderId")).isEmpty();
  }

  @Test
  void keepsEscapedTextEscapedSoItCanBeCopiedIntoXml() {
    assertThat(values.text("Note")).isEqualTo("A &amp; B");
  }

  @Test
  void derivesTheSameIdFromTheSameValueAndDifferentIdsFromDifferentValues() {
    long first = new RequestValues("<ACCOUNT_NO>1-7HX9QK</ACCOUNT_NO>").derivedId("ACCOUNT_NO");
    long again = new RequestValues("<b:ACCOUNT_NO>1-7HX9QK</b:ACCOUNT_NO>").derivedId("ACCOUNT_NO");
    long other = new RequestValues("<ACCOUNT_NO>1-7HX9QL</ACCOUNT_NO>").derivedId("ACCOUNT_NO");
    assertThat(first).isEqualTo(again).isEqualTo(2491350293L).isNotEqualTo(other).isPositive();
  }
}
