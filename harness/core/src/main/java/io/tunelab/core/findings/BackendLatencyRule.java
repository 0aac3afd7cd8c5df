package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.List;

/**
 * Back-end latency dominating response time: most of an order's end-to-end time is spent waiting
 * for the back-ends, so the what-if to run is a lower back-end latency (the studies' 500 ms vs 400
 * and 250 ms), not more middleware tuning.
 *
 * <p>The back-end time of an order is the sum over operations of calls times the mock's mean delay,
 * divided by the completed orders. Qualifies when that is at least {@value #MIN_SHARE_PERCENT}% of
 * the mean end-to-end latency the runner measured (needs both).
 */
final class BackendLatencyRule implements FindingRule {
  static final double MIN_SHARE_PERCENT = 60;

  @Override
  public List<Finding> apply(RunData data) {
    BackendCalls backend = data.backend();
    if (backend.completedOrders() <= 0 || backend.endToEndMeanMillis().isEmpty()) {
      return List.of();
    }
    double endToEnd = backend.endToEndMeanMillis().getAsDouble();
    double perOrderMillis = 0;
    List<String> evidence = new ArrayList<>();
    for (BackendCalls.Operation op : backend.operations()) {
      double millis = op.calls() * op.meanDelayMillis() / backend.completedOrders();
      perOrderMillis += millis;
      evidence.add(
          String.format(
              "%s %s: %d calls x %.0f ms delay = %.0f ms per order",
              op.backend(), op.operation(), op.calls(), op.meanDelayMillis(), millis));
    }
    double share = endToEnd <= 0 ? 0 : 100.0 * perOrderMillis / endToEnd;
    if (share < MIN_SHARE_PERCENT) {
      return List.of();
    }
    evidence.add(
        String.format(
            "%d completed orders, mean end-to-end latency %.0f ms",
            backend.completedOrders(), endToEnd));
    String message =
        String.format(
            "back-end calls take %.0f ms of the %.0f ms mean end-to-end latency (%.0f%%): the"
                + " back-ends dominate; run the what-if with lower mocks.*.latency before tuning"
                + " the middleware",
            perOrderMillis, endToEnd, share);
    return List.of(new Finding(FindingKind.BACKEND_LATENCY, "backends", message, evidence));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(BackendCalls.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.BACKEND_LATENCY,
            "the back-end time per order (calls x the mock's mean delay / completed "
                + "orders) is 60%+ of the mean end-to-end latency (needs the runner's "
                + "latency)",
            "run the what-if with lower `mocks.*.latency`"));
  }
}
