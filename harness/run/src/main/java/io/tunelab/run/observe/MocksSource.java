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
  private final Map<String, MockCounts.OperationCount> atStart = new HashMap<>();
  private final Map<String, MockCounts.OperationCount> atMeasured = new HashMap<>();
  private final Map<String, MockCounts.OperationCount> last = new HashMap<>();

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
                    epochMillis,
                    "mocks.requests",
                    label,
                    count.count() - calls(atStart.get(label)));
              });
    }
  }

  /** Starts counting the measured window's calls from the mocks' counts now. */
  synchronized void markMeasured() {
    for (MocksClient mock : mocks) {
      counts(mock).forEach(atMeasured::put);
    }
  }

  /**
   * Calls and failed calls per operation in the measured window, as of the last sample, with each
   * mock's delay.
   */
  synchronized List<BackendCalls.Operation> measuredCalls() {
    List<BackendCalls.Operation> calls = new ArrayList<>();
    last.forEach(
        (label, count) -> {
          String mock = label.substring(0, label.indexOf(':'));
          MockCounts.OperationCount before = atMeasured.get(label);
          calls.add(
              new BackendCalls.Operation(
                  mock,
                  label.substring(label.indexOf(':') + 1),
                  count.count() - calls(before),
                  count.faults() - (before == null ? 0 : before.faults()),
                  delayMillis.getOrDefault(mock, 0.0)));
        });
    return calls;
  }

  Map<String, Double> delayMillis() {
    return Map.copyOf(delayMillis);
  }

  private static long calls(MockCounts.OperationCount count) {
    return count == null ? 0 : count.count();
  }

  private static Map<String, MockCounts.OperationCount> counts(MocksClient mock) {
    Map<String, MockCounts.OperationCount> counts = new HashMap<>();
    MockCounts all = mock.counts();
    all.operations().forEach((op, c) -> counts.put(mock.name() + ":" + op, c));
    return counts;
  }
}
