package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SoapFaultTest {
  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";

  @Test
  void isAWellFormedSoap11FaultNamingBackendOperationAndKey() throws Exception {
    TunelabStub stub =
        new TunelabStub(
            "UpdateSalesOrder", "Siebel CRM", "OrderId", "SBL-DAT-00381: <locked> & co");
    String envelope =
        SoapFault.envelope(stub, new RequestValues("<o:OrderId>1-8&amp;2</o:OrderId>"), 0.25);

    Document document = parse(envelope);
    assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo(SOAP);
    assertThat(document.getElementsByTagNameNS(SOAP, "Fault").getLength()).isEqualTo(1);
    assertThat(text(document, "faultcode")).isEqualTo("soap:Server");
    assertThat(text(document, "faultstring"))
        .contains(
            "Siebel CRM", "UpdateSalesOrder", "OrderId 1-8&2", "SBL-DAT-00381: <locked> & co");
    assertThat(
            document
                .getElementsByTagNameNS(SoapFault.NAMESPACE, "KeyValue")
                .item(0)
                .getTextContent())
        .isEqualTo("1-8&2");
  }

  @Test
  void isWellFormedWithoutAKeyElement() throws Exception {
    Document document = parse(SoapFault.envelope(TunelabStub.NONE, new RequestValues(""), 1));
    assertThat(text(document, "faultcode")).isEqualTo("soap:Server");
  }

  private static Document parse(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static String text(Document document, String localName) {
    return document.getElementsByTagName(localName).item(0).getTextContent();
  }
}
