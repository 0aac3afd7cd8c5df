package io.tunelab.core.knobs;

/** Names of the tuning studies knobs come from, as in the GLOSSARY. */
final class Studies {
  static final String AIA_DB = "AIA order-to-bill: database tuning";
  static final String AIA_XREF = "AIA order-to-bill: missing XREF_DATA index";
  static final String BROKER = "AIA order-to-bill: AQ/JMS persistence";
  static final String WHAT_IF = "AIA billing-care: BRM latency what-if";
  static final String RECEIVE_THREADS = "AIA: adapter.jms.receive.threads";
  static final String FETCHER = "Service Broker: fetcher intake triple";
  static final String BILLING = "AIA billing-care: ESB/BPEL sync services";
  static final String MESSAGING = "Wireless messaging server: one-way and two-way messages";
  static final String SORT = "Sort hub (OLTP): 500 sort requests/s, answers under 2 s";
  static final String TRANSACTIONS = "BPEL transaction semantics";
  static final String SERVICE_BROKER = "Service Broker";

  private Studies() {}
}
