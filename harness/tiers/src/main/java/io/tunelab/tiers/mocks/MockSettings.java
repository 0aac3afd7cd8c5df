package io.tunelab.tiers.mocks;

import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.Latency;
import java.util.Map;

/**
 * What a running mock really works with, read from its own admin API.
 *
 * @param containerThreads Jetty threads of the server
 * @param asyncResponses whether delayed responses are scheduled instead of holding a Jetty thread
 * @param asyncResponseThreads threads sending delayed responses when {@code asyncResponses} is on
 * @param latency the delay WireMock adds to every answer, from its global settings
 * @param faultRate share of requests failed, 0..1
 * @param faultKind how they fail
 * @param repeats lines per repeated answer section set on the mock (e.g. BRM's {@code invoices}); a
 *     section not listed answers as many lines as its response file says
 */
public record MockSettings(
    int containerThreads,
    boolean asyncResponses,
    int asyncResponseThreads,
    Latency latency,
    double faultRate,
    FaultKind faultKind,
    Map<String, Integer> repeats) {
  public MockSettings {
    repeats = Map.copyOf(repeats);
  }
}
