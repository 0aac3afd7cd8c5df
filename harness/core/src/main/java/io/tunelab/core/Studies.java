package io.tunelab.core;

/** Names of the tuning studies knobs and back-ends come from, as in the GLOSSARY. */
public final class Studies {
  public static final String AIA_DB = "AIA order-to-bill: database tuning";
  public static final String AIA_MOCKS = "AIA order-to-bill: mock latency";
  public static final String AIA_XREF = "AIA order-to-bill: missing XREF_DATA index";
  public static final String BROKER = "AIA order-to-bill: AQ/JMS persistence";
  public static final String WHAT_IF = "AIA billing-care: BRM latency what-if";
  public static final String RECEIVE_THREADS = "AIA: adapter.jms.receive.threads";
  public static final String FETCHER = "Service Broker: fetcher intake triple";
  public static final String BILLING = "AIA billing-care: ESB/BPEL sync services";
  public static final String MESSAGING = "Wireless messaging server: one-way and two-way messages";
  public static final String SORT = "Sort hub (OLTP): 500 sort requests/s, answers under 2 s";
  public static final String TRANSACTIONS = "BPEL transaction semantics";
  public static final String SERVICE_BROKER = "Service Broker";

  private Studies() {}
}
