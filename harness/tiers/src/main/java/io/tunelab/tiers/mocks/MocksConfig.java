package io.tunelab.tiers.mocks;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.Latency;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the mocks tier: one WireMock server per back-end in one JVM.
 *
 * @param siebelPort port of the Siebel mock on 127.0.0.1, 0 for any free one
 * @param brmPort port of the BRM mock on 127.0.0.1, 0 for any free one
 * @param driverPort port of the device-driver mock on 127.0.0.1, 0 for any free one
 * @param containerThreads Jetty threads of each server (WireMock's default 25 caps throughput under
 *     long delays)
 * @param asyncResponses whether delayed responses are scheduled instead of holding a Jetty thread
 * @param siebel latency and fault rate of the Siebel mock, changeable while it runs
 * @param brm latency and fault rate of the BRM mock, changeable while it runs
 * @param driver latency and fault rate of the device-driver mock, changeable while it runs
 * @param jvmFlags flags of the mocks JVM
 */
public record MocksConfig(
    int siebelPort,
    int brmPort,
    int driverPort,
    int containerThreads,
    boolean asyncResponses,
    Backend siebel,
    Backend brm,
    Backend driver,
    List<String> jvmFlags) {

  /** BRM's repeated answer sections, as its response files name them. */
  public static final String BRM_INVOICES = "invoices";

  public static final String BRM_USAGE_LINES = "usageLines";

  /**
   * What a back-end mock does to each answer.
   *
   * @param latency delay before answering
   * @param faultRate share of requests failed, 0..1
   * @param faultKind how they fail: a SOAP Fault, or at the connection
   * @param repeats lines of repeated answer sections by name (e.g. {@value #BRM_INVOICES}); empty:
   *     as many as the response files say
   */
  public record Backend(
      Latency latency, double faultRate, FaultKind faultKind, Map<String, Integer> repeats) {
    public Backend(Latency latency, double faultRate) {
      this(latency, faultRate, FaultKind.SOAP, Map.of());
    }

    public Backend {
      Objects.requireNonNull(latency, "latency");
      Objects.requireNonNull(faultKind, "faultKind");
      repeats = Map.copyOf(repeats);
      if (!(faultRate >= 0 && faultRate <= 1)) {
        throw new BadInputException(
            "a mock's faultRate must be a number from 0 to 1 (0.1 = one request in ten), was "
                + faultRate);
      }
    }

    public static Backend none() {
      return new Backend(Latency.NONE, 0);
    }
  }

  /** Fewest Jetty threads accepted; Jetty itself needs 7 on 2 cores and more on larger hosts. */
  public static final int MIN_CONTAINER_THREADS = 10;

  /** Most Jetty threads accepted. */
  public static final int MAX_CONTAINER_THREADS = 5000;

  public MocksConfig {
    if (containerThreads < MIN_CONTAINER_THREADS || containerThreads > MAX_CONTAINER_THREADS) {
      throw new BadInputException(
          "mocks.containerThreads must be "
              + MIN_CONTAINER_THREADS
              + ".."
              + MAX_CONTAINER_THREADS
              + ", was "
              + containerThreads);
    }
    Objects.requireNonNull(siebel, "siebel");
    Objects.requireNonNull(brm, "brm");
    Objects.requireNonNull(driver, "driver");
    jvmFlags = List.copyOf(jvmFlags);
  }

  public static MocksConfig defaults() {
    return new MocksConfig(
        0,
        0,
        0,
        100,
        true,
        Backend.none(),
        Backend.none(),
        Backend.none(),
        List.of("-Xms128m", "-Xmx512m"));
  }

  public MocksConfig withPorts(int siebel, int brm, int driver) {
    return new MocksConfig(
        siebel,
        brm,
        driver,
        containerThreads,
        asyncResponses,
        this.siebel,
        this.brm,
        this.driver,
        jvmFlags);
  }

  /** What the mock of one back-end does to its answers. */
  public Backend backend(io.tunelab.core.stack.Backend backend) {
    return switch (backend) {
      case SIEBEL -> siebel;
      case BRM -> brm;
      case DRIVER -> driver;
    };
  }
}
