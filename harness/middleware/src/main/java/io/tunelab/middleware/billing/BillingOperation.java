package io.tunelab.middleware.billing;

import io.tunelab.middleware.xml.Stylesheets.Sheet;

/**
 * The three billing-care queries the CRM asks for, and the BRM operation that answers each: the
 * CRM's request element is {@code <name>Request}, its answer {@code <name>Response}.
 */
public enum BillingOperation {
  BALANCE_SUMMARY(
      "GetBalanceSummary",
      "GetBalanceSummary",
      "/BrmWebServices/BRMARServices",
      "http://xmlns.oracle.com/BRM/BRMARServices/GetBalanceSummary",
      Sheet.BILLING_BALANCE_REQUEST,
      Sheet.BILLING_BALANCE_RESPONSE),
  INVOICE_LIST(
      "GetInvoiceList",
      "GetInvoiceList",
      "/BrmWebServices/BRMARServices",
      "http://xmlns.oracle.com/BRM/BRMARServices/GetInvoiceList",
      Sheet.BILLING_INVOICES_REQUEST,
      Sheet.BILLING_INVOICES_RESPONSE),
  UNBILLED_USAGE(
      "GetUnbilledUsage",
      "GetServiceUsage",
      "/BrmWebServices/BRMBillServices",
      "http://xmlns.oracle.com/BRM/BRMBillServices/GetServiceUsage",
      Sheet.BILLING_USAGE_REQUEST,
      Sheet.BILLING_USAGE_RESPONSE);

  /** The CRM's namespace of billing-care requests and answers. */
  public static final String NAMESPACE = "urn:tunelab:billing-care";

  private final String crmName;
  private final String brmOperation;
  private final String brmPath;
  private final String brmSoapAction;
  private final Sheet toBrm;
  private final Sheet toCrm;

  BillingOperation(
      String crmName,
      String brmOperation,
      String brmPath,
      String brmSoapAction,
      Sheet toBrm,
      Sheet toCrm) {
    this.crmName = crmName;
    this.brmOperation = brmOperation;
    this.brmPath = brmPath;
    this.brmSoapAction = brmSoapAction;
    this.toBrm = toBrm;
    this.toCrm = toCrm;
  }

  /** The operation's name in the CRM's contract, e.g. {@code GetBalanceSummary}. */
  public String crmName() {
    return crmName;
  }

  /** The BRM mock's operation, e.g. {@code GetServiceUsage}. */
  public String brmOperation() {
    return brmOperation;
  }

  String brmPath() {
    return brmPath;
  }

  String brmSoapAction() {
    return brmSoapAction;
  }

  /** Maps the CRM request to BRM's input flist. */
  Sheet toBrm() {
    return toBrm;
  }

  /** Maps BRM's output flist to the CRM's answer. */
  Sheet toCrm() {
    return toCrm;
  }

  /** The operation whose request element is {@code localName}, or null. */
  static BillingOperation byRequestElement(String localName) {
    for (BillingOperation operation : values()) {
      if ((operation.crmName + "Request").equals(localName)) {
        return operation;
      }
    }
    return null;
  }
}
