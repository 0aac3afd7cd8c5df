package io.tunelab.core.knobs;

/**
 * The WireMock back-end mocks: Jetty threads and JVM restart them; latency, faults and the size of
 * BRM's billing-care answers apply live.
 */
public final class MocksKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.MOCKS, Knob.Apply.RESTART);

  public static final Knob<Integer> CONTAINER_THREADS =
      KNOBS
          .knob("mocks.containerThreads", KnobTypes.integer(10, 5000), 100)
          .unit("threads")
          .doc("Jetty threads per mock (WireMock's default 25 caps throughput under long delays)")
          .add();

  public static final Knob<Boolean> ASYNC_RESPONSES =
      KNOBS
          .knob("mocks.asyncResponses", KnobTypes.bool(), true)
          .doc("delayed answers are scheduled instead of holding a Jetty thread")
          .add();

  public static final Knob<Latency> SIEBEL_LATENCY =
      KNOBS
          .knob("mocks.siebel.latency", KnobTypes.latency(), Latency.NONE)
          .unit("ms")
          .apply(Knob.Apply.LIVE)
          .doc("delay of every Siebel answer: 500, uniform:400..600 or lognormal:500:0.25")
          .study("AIA order-to-bill: mock latency")
          .add();

  public static final Knob<Latency> BRM_LATENCY =
      KNOBS
          .knob("mocks.brm.latency", KnobTypes.latency(), Latency.NONE)
          .unit("ms")
          .apply(Knob.Apply.LIVE)
          .doc("delay of every BRM answer: 500, uniform:400..600 or lognormal:500:0.25")
          .study(Studies.WHAT_IF)
          .add();

  public static final Knob<Double> SIEBEL_FAULT_RATE =
      KNOBS
          .knob("mocks.siebel.faultRate", KnobTypes.decimal(0, 1), 0.0)
          .unit("share")
          .apply(Knob.Apply.LIVE)
          .doc(
              "share of Siebel requests failed, as mocks.siebel.faultKind says (a SOAP Fault by default)")
          .add();

  public static final Knob<FaultKind> SIEBEL_FAULT_KIND =
      faultKind("mocks.siebel.faultKind", "Siebel");

  public static final Knob<Double> BRM_FAULT_RATE =
      KNOBS
          .knob("mocks.brm.faultRate", KnobTypes.decimal(0, 1), 0.0)
          .unit("share")
          .apply(Knob.Apply.LIVE)
          .doc(
              "share of BRM requests failed, as mocks.brm.faultKind says (a SOAP Fault by default)")
          .add();

  public static final Knob<FaultKind> BRM_FAULT_KIND = faultKind("mocks.brm.faultKind", "BRM");

  /**
   * Lines of the billing-care answers. At least 1: the load plans check that each answer's first
   * bill or event is the customer's own.
   */
  public static final Knob<Integer> BRM_INVOICES =
      KNOBS
          .knob("mocks.brm.invoices", KnobTypes.integer(1, 5000), 6)
          .unit("bills")
          .apply(Knob.Apply.LIVE)
          .doc(
              "bills in every BRM GetInvoiceList answer; the middleware maps each one into the"
                  + " CRM's invoice list, so this sets its transform work per request")
          .study(Studies.BILLING + ", invoice list size")
          .add();

  public static final Knob<Integer> BRM_USAGE_LINES =
      KNOBS
          .knob("mocks.brm.usageLines", KnobTypes.integer(1, 20_000), 8)
          .unit("events")
          .apply(Knob.Apply.LIVE)
          .doc(
              "usage events in every BRM GetServiceUsage answer; the middleware maps each one into"
                  + " the CRM's unbilled usage, so this sets its transform work per request")
          .study(Studies.BILLING + ", unbilled usage size")
          .add();

  public static final Knob<Latency> DRIVER_LATENCY =
      KNOBS
          .knob("mocks.driver.latency", KnobTypes.latency(), Latency.NONE)
          .unit("ms")
          .apply(Knob.Apply.LIVE)
          .doc(
              "delay of every device-driver answer (the messaging plan's back-end): 5,"
                  + " uniform:2..8 or lognormal:5:0.25")
          .study(Studies.MESSAGING)
          .add();

  public static final Knob<Double> DRIVER_FAULT_RATE =
      KNOBS
          .knob("mocks.driver.faultRate", KnobTypes.decimal(0, 1), 0.0)
          .unit("share")
          .apply(Knob.Apply.LIVE)
          .doc(
              "share of device-driver requests failed, as mocks.driver.faultKind says (a SOAP Fault by default)")
          .add();

  public static final Knob<FaultKind> DRIVER_FAULT_KIND =
      faultKind("mocks.driver.faultKind", "device-driver");

  public static final Knob<Integer> HEAP =
      KNOBS
          .knob("mocks.jvm.heapMegabytes", KnobTypes.integer(64, 65_536), 512)
          .unit("MB")
          .doc("maximum heap of the mocks JVM (-Xmx)")
          .add();

  /** How the requests a back-end's fault rate draws fail. */
  private static Knob<FaultKind> faultKind(String name, String backend) {
    return KNOBS
        .knob(name, KnobTypes.choice(FaultKind.class), FaultKind.SOAP)
        .apply(Knob.Apply.LIVE)
        .doc(
            "how the "
                + backend
                + " requests its faultRate draws fail: soap (a SOAP Fault, HTTP 500), reset (the"
                + " connection reset), empty (closed without an answer), malformed (a 200 whose"
                + " chunked body breaks off), garbage (random bytes, then closed) or truncated (a"
                + " whole 200 whose SOAP envelope breaks off half-way)")
        .add();
  }

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private MocksKnobs() {}
}
