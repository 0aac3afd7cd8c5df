package io.tunelab.run.observe;

import io.tunelab.core.findings.BackendCalls;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.mocks.MockCounts;
import io.tunelab.tiers.mocks.MocksClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests each mock answered, per operation, counted by the mocks' own extension. Series {@code
 * mocks.requests} (label {@code <mock>:<operation>}): answered since the observer started. The
 * latency a mock adds is its delay setting, read from WireMock when the observer starts.
 */
final class MocksSource implements Source {
  private final List<MocksClient> mocks;
  private final Map<String, Double> delayMillis = new HashMap<>();
  private final Map<String, Long> atStart = new HashMap<>();
  private final Map<String, Long> atMeasured = new HashMap<>();
  private final Map<String, Long> last = new HashMap<>();

  MocksSource(List<MocksClient> mocks) {
    this.mocks = List.copyOf(mocks);
    for (MocksClient mock : this.mocks) {
      Latency latency = mock.latency();
      delayMillis.put(mock.name(), latency.meanMillis());
      counts(mock).forEach(atStart::put);
    }
    atMeasured.putAll(atStart);
  }

  @Override
  public String name() {
    return TierName.MOCKS.label();
  }

  @Override
  public synchronized void sample(long epochMillis, SeriesStore store) {
    for (MocksClient mock : mocks) {
      counts(mock)
          .forEach(
              (label, count) -> {
                last.put(label, count);
                store.add(
                    epochMillis, "mocks.requests", label, count - atStart.getOrDefault(label, 0L));
              });
    }
  }

  /** Starts counting the measured window's calls from the mocks' counts now. */
  synchronized void markMeasured() {
    for (MocksClient mock : mocks) {
      counts(mock).forEach(atMeasured::put);
    }
  }

  /** Calls per operation in the measured window, as of the last sample, with each mock's delay. */
  synchronized List<BackendCalls.Operation> measuredCalls() {
    List<BackendCalls.Operation> calls = new ArrayList<>();
    last.forEach(
        (label, count) -> {
          String mock = label.substring(0, label.indexOf(':'));
          long inWindow = count - atMeasured.getOrDefault(label, 0L);
          calls.add(
              new BackendCalls.Operation(
                  mock,
                  label.substring(label.indexOf(':') + 1),
                  inWindow,
                  delayMillis.getOrDefault(mock, 0.0)));
        });
    return calls;
  }

  Map<String, Double> delayMillis() {
    return Map.copyOf(delayMillis);
  }

  private static Map<String, Long> counts(MocksClient mock) {
    Map<String, Long> counts = new HashMap<>();
    MockCounts all = mock.counts();
    all.operations().forEach((op, c) -> counts.put(mock.name() + ":" + op, c.count()));
    return counts;
  }
}
