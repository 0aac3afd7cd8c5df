package io.tunelab.middleware.billing;

/**
 * A billing-care request that cannot be answered: {@code faultcode} says whose fault ({@link
 * SoapFaults#CLIENT} or {@link SoapFaults#SERVER}), the message is the Fault's faultstring.
 */
final class BillingFault extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String faultcode;

  BillingFault(String faultcode, String reason, Throwable cause) {
    super(reason, cause);
    this.faultcode = faultcode;
  }

  static BillingFault client(String reason) {
    return new BillingFault(SoapFaults.CLIENT, reason, null);
  }

  String faultcode() {
    return faultcode;
  }
}
