package io.tunelab.core.knobs;

import io.tunelab.core.Studies;
import io.tunelab.core.stack.Backend;
import java.util.EnumMap;
import java.util.Map;

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

  /** A back-end's own knobs, the same three for each: how late it answers and how it fails. */
  public record BackendKnobs(
      Backend backend, Knob<Latency> latency, Knob<Double> faultRate, Knob<FaultKind> faultKind) {}

  /** Every back-end's knobs, made from its {@link Backend} constant, in its order. */
  private static final Map<Backend, BackendKnobs> BACKENDS = backends();

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

  public static final Knob<Integer> HEAP =
      KNOBS
          .knob("mocks.jvm.heapMegabytes", KnobTypes.integer(64, 65_536), 512)
          .unit("MB")
          .doc("maximum heap of the mocks JVM (-Xmx)")
          .add();

  /** The knobs of {@code backend}. */
  public static BackendKnobs of(Backend backend) {
    return BACKENDS.get(backend);
  }

  private static Map<Backend, BackendKnobs> backends() {
    Map<Backend, BackendKnobs> knobs = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      knobs.put(backend, backend(backend));
    }
    return knobs;
  }

  /**
   * Declares a back-end's knobs, {@code mocks.<label>.latency}, {@code .faultRate} and {@code
   * .faultKind}, all live; its latency's examples and study are its constant's.
   */
  private static BackendKnobs backend(Backend backend) {
    String prefix = "mocks." + backend.label() + ".";
    String who = backend.who();
    Knob<Latency> latency =
        KNOBS
            .knob(prefix + "latency", KnobTypes.latency(), Latency.NONE)
            .unit("ms")
            .apply(Knob.Apply.LIVE)
            .doc("delay of every " + who + " answer" + backend.latencyExamples())
            .study(backend.study())
            .add();
    Knob<Double> faultRate =
        KNOBS
            .knob(prefix + "faultRate", KnobTypes.decimal(0, 1), 0.0)
            .unit("share")
            .apply(Knob.Apply.LIVE)
            .doc(
                "share of "
                    + who
                    + " requests failed, as "
                    + prefix
                    + "faultKind says (a SOAP Fault by default)")
            .add();
    Knob<FaultKind> faultKind =
        KNOBS
            .knob(prefix + "faultKind", KnobTypes.choice(FaultKind.class), FaultKind.SOAP)
            .apply(Knob.Apply.LIVE)
            .doc(
                "how the "
                    + who
                    + " requests its faultRate draws fail: soap (a SOAP Fault, HTTP 500), reset"
                    + " (the connection reset), empty (closed without an answer), malformed (a 200"
                    + " whose chunked body breaks off), garbage (random bytes, then closed) or"
                    + " truncated (a whole 200 whose SOAP envelope breaks off half-way)")
            .add();
    return new BackendKnobs(backend, latency, faultRate, faultKind);
  }

  public static final Knob<Jfr> JFR =
      KNOBS
          .knob("mocks.jvm.jfr", KnobTypes.choice(Jfr.class), Jfr.OFF)
          .doc(
              "records the back-end mocks' JVM with the JDK Flight Recorder as middleware.jvm.jfr"
                  + " records the middleware (attached right after it starts and on for its life;"
                  + " the embedded stack only): each repetition is written to mocks.jfr in its"
                  + " folder, gc its collections (mocks-gc.json, the series gc.* labelled mocks),"
                  + " default or profile the JDK's settings of that name over the measured window"
                  + " summed up in mocks-jfr.json: whether the simulated back-ends' own pauses"
                  + " reach the latencies measured")
          .add();

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private MocksKnobs() {}
}
