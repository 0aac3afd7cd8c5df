package io.tunelab.mocks.extension;

import java.util.Locale;

/**
 * The SOAP 1.1 Fault envelope a mock answers with when fault injection picks a request: {@code
 * faultcode} {@code soap:Server}, a {@code faultstring} naming the back-end, its error and the
 * operation, and a {@code detail} echoing the request's key id so the caller can tell whose call
 * failed.
 */
final class SoapFault {
  static final int HTTP_STATUS = 500;
  static final String NAMESPACE = "urn:tunelab:mocks:fault";

  private SoapFault() {}

  private static final String TEMPLATE =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
        <soap:Body>
          <soap:Fault>
            <faultcode>soap:Server</faultcode>
            <faultstring>%1$s error in %2$s%3$s: %4$s (simulated by tunelab at fault rate %5$s)</faultstring>
            <detail>
              <tl:SimulatedFault xmlns:tl="%6$s">
                <tl:Backend>%1$s</tl:Backend>
                <tl:Operation>%2$s</tl:Operation>
                <tl:KeyElement>%7$s</tl:KeyElement>
                <tl:KeyValue>%8$s</tl:KeyValue>
                <tl:Error>%4$s</tl:Error>
                <tl:FaultRate>%5$s</tl:FaultRate>
              </tl:SimulatedFault>
            </detail>
          </soap:Fault>
        </soap:Body>
      </soap:Envelope>
      """;

  static String envelope(TunelabStub stub, RequestValues request, double faultRate) {
    String key = stub.keyOf(request);
    String keyElement = stub.keyElement() == null ? "" : escape(stub.keyElement());
    return String.format(
        Locale.ROOT,
        TEMPLATE,
        escape(stub.backend()),
        escape(stub.operation()),
        key == null ? "" : ", " + keyElement + " " + key,
        escape(stub.faultError()),
        String.format(Locale.ROOT, "%.4f", faultRate),
        NAMESPACE,
        keyElement,
        key == null ? "" : key);
  }

  // The key comes from the request already escaped; mapping texts are plain and need escaping.
  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
