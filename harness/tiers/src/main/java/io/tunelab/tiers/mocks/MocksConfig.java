package io.tunelab.tiers.mocks;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Backend;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the mocks tier: one WireMock server per back-end in one JVM.
 *
 * @param ports each back-end's port on 127.0.0.1, 0 (or absent) for any free one
 * @param containerThreads Jetty threads of each server (WireMock's default 25 caps throughput under
 *     long delays)
 * @param asyncResponses whether delayed responses are scheduled instead of holding a Jetty thread
 * @param mocks what each back-end's mock does to its answers, changeable while it runs (absent:
 *     {@link Mock#none()})
 * @param jvmFlags flags of the mocks JVM
 */
public record MocksConfig(
    Map<Backend, Integer> ports,
    int containerThreads,
    boolean asyncResponses,
    Map<Backend, Mock> mocks,
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
  public record Mock(
      Latency latency, double faultRate, FaultKind faultKind, Map<String, Integer> repeats) {
    public Mock(Latency latency, double faultRate) {
      this(latency, faultRate, FaultKind.SOAP, Map.of());
    }

    public Mock {
      Objects.requireNonNull(latency, "latency");
      Objects.requireNonNull(faultKind, "faultKind");
      repeats = Map.copyOf(repeats);
      if (!(faultRate >= 0 && faultRate <= 1)) {
        throw new BadInputException(
            "a mock's faultRate must be a number from 0 to 1 (0.1 = one request in ten), was "
                + faultRate);
      }
    }

    public static Mock none() {
      return new Mock(Latency.NONE, 0);
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
    ports = every(ports, 0);
    mocks = every(mocks, Mock.none());
    jvmFlags = List.copyOf(jvmFlags);
  }

  public static MocksConfig defaults() {
    return new MocksConfig(Map.of(), 100, true, Map.of(), List.of("-Xms128m", "-Xmx512m"));
  }

  /** These settings on {@code ports} (0 for any free one). */
  public MocksConfig withPorts(Map<Backend, Integer> ports) {
    return new MocksConfig(ports, containerThreads, asyncResponses, mocks, jvmFlags);
  }

  /** What the mock of one back-end does to its answers. */
  public Mock mock(Backend backend) {
    return mocks.get(backend);
  }

  /** The port asked for one back-end's mock, 0 for any free one. */
  public int port(Backend backend) {
    return ports.get(backend);
  }

  /** {@code given} with an entry for every back-end, {@code absent} where it had none. */
  private static <T> Map<Backend, T> every(Map<Backend, T> given, T absent) {
    Map<Backend, T> all = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      all.put(
          backend, Objects.requireNonNull(given.getOrDefault(backend, absent), backend.label()));
    }
    return Collections.unmodifiableMap(all);
  }
}
