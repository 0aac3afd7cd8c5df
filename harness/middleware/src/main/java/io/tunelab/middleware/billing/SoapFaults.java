package io.tunelab.middleware.billing;

/** SOAP 1.1 Fault envelopes the billing-care service answers with (HTTP 500, as SOAP 1.1 says). */
final class SoapFaults {
  /** The caller's request is wrong: bad XML, unknown operation, unknown customer. */
  static final String CLIENT = "soap:Client";

  /** The service or a back-end failed: the same request may succeed later. */
  static final String SERVER = "soap:Server";

  private SoapFaults() {}

  /** A Fault with {@code faultcode} and {@code reason} as its faultstring. */
  static String envelope(String faultcode, String reason, String operation, String customerId) {
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
        + "<soap:Body><soap:Fault><faultcode>"
        + faultcode
        + "</faultcode><faultstring>"
        + escape(reason)
        + "</faultstring><detail><bc:BillingCareFault xmlns:bc=\""
        + BillingOperation.NAMESPACE
        + "\"><bc:Operation>"
        + escape(operation)
        + "</bc:Operation><bc:CustomerId>"
        + escape(customerId)
        + "</bc:CustomerId></bc:BillingCareFault></detail></soap:Fault></soap:Body></soap:Envelope>";
  }

  static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '&' -> escaped.append("&amp;");
        case '"' -> escaped.append("&quot;");
        default -> escaped.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
      }
    }
    return escaped.toString();
  }
}
