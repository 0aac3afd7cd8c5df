package io.tunelab.run.observe;

import static org.awaitility.Awaitility.await;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.middleware.TestOrders;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Observed windows of orders on the shared stack, for the observer's ITs. */
final class ObservedWindows {
  static final Path RESULTS = Path.of("target/observed-run-it");

  private ObservedWindows() {}

  static KnobSet consumers(int each) {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.delivery.policy", "sync")
            .with("middleware.diagnostics", "off")
            .with("middleware.audit.level", "off");
    for (String stage :
        List.of("intake", "orchestration", "createCustomer", "createSubscriptions", "updateCrm")) {
      knobs = knobs.with("middleware.consumers." + stage, Integer.toString(each));
    }
    return knobs;
  }

  /** Runs the orders through a middleware with these knobs, observed; returns what was seen. */
  static Observations observe(
      FlowFixture fixture, String name, KnobSet knobs, List<TestOrder> orders) throws Exception {
    RunObserver observer;
    try (MiddlewareTier middleware = fixture.middleware(knobs, name)) {
      observer =
          RunObserver.start(
              ObserverConfig.of(fixture.stack, RESULTS.resolve(name)).withMiddleware(middleware));
      observer.markMeasured();
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofMinutes(2));
      // A few fast orders can settle before the first sample of a busy machine: the window ends
      // with a sample of every tier taken after the last order, the middleware still up.
      int settled = observer.samples();
      await().atMost(Duration.ofSeconds(30)).until(() -> observer.samples() > settled + 1);
    }
    // Stopped after the middleware, whose sessions flush their table statistics as they end.
    return observer.stop();
  }

  static List<Finding> of(Observations seen, FindingKind kind) {
    return seen.findings().stream().filter(f -> f.kind() == kind).toList();
  }
}
