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

  static String envelope(TunelabStub stub, RequestValues request, double faultRate) {
    String key = stub.keyOf(request);
    String keyText = key == null ? "" : ", " + stub.keyElement() + " " + key;
    String rate = String.format(Locale.ROOT, "%.4f", faultRate);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n"
        + "  <soap:Body>\n"
        + "    <soap:Fault>\n"
        + "      <faultcode>soap:Server</faultcode>\n"
        + "      <faultstring>"
        + escape(stub.backend())
        + " error in "
        + escape(stub.operation())
        + keyText
        + ": "
        + escape(stub.faultError())
        + " (simulated by tunelab at fault rate "
        + rate
        + ")</faultstring>\n"
        + "      <detail>\n"
        + "        <tl:SimulatedFault xmlns:tl=\""
        + NAMESPACE
        + "\">\n"
        + "          <tl:Backend>"
        + escape(stub.backend())
        + "</tl:Backend>\n"
        + "          <tl:Operation>"
        + escape(stub.operation())
        + "</tl:Operation>\n"
        + "          <tl:KeyElement>"
        + (stub.keyElement() == null ? "" : escape(stub.keyElement()))
        + "</tl:KeyElement>\n"
        + "          <tl:KeyValue>"
        + (key == null ? "" : key)
        + "</tl:KeyValue>\n"
        + "          <tl:Error>"
        + escape(stub.faultError())
        + "</tl:Error>\n"
        + "          <tl:FaultRate>"
        + rate
        + "</tl:FaultRate>\n"
        + "        </tl:SimulatedFault>\n"
        + "      </detail>\n"
        + "    </soap:Fault>\n"
        + "  </soap:Body>\n"
        + "</soap:Envelope>\n";
  }

  // The key comes from the request already escaped; mapping texts are plain and need escaping.
  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
