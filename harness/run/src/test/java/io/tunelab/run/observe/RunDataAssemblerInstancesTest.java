package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.RunData;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With several middleware instances the findings judge the one that is the limit: the busiest
 * engine, the pool whose threads waited, the fetchers that polled; refusals are every pool's.
 */
class RunDataAssemblerInstancesTest {
  private static final Window WINDOW = new Window(0, 0, 10_000);

  @Test
  void theSaturatedInstanceIsJudgedNotTheFirst() {
    SeriesStore store = new SeriesStore();
    for (long t = 1_000; t <= 9_000; t += 1_000) {
      // the first instance answers requests, idle; the second consumes the queues, saturated
      instance(store, t, "middleware", 0, 0, 1);
      instance(store, t, "middleware-2", 8, 2, 2);
    }

    RunData data = assemble(store);

    assertThat(data.engine().threads()).isEqualTo(8);
    assertThat(data.engine().instance()).isEqualTo("middleware-2");
    assertThat(data.engine().busy()).allMatch(point -> point.value() == 8.0);
    assertThat(data.connections().poolSamplesWithWaiters()).isEqualTo(9);
    assertThat(data.connections().peakPoolWaiters()).isEqualTo(2);
    assertThat(data.connections().refusals()).isEqualTo(3);
  }

  @Test
  void oneInstanceIsReadAsBefore() {
    SeriesStore store = new SeriesStore();
    for (long t = 1_000; t <= 9_000; t += 1_000) {
      instance(store, t, "middleware", 5, 0, 0);
    }

    RunData data = assemble(store);

    assertThat(data.engine().busy()).hasSize(9).allMatch(point -> point.value() == 5.0);
    assertThat(data.engine().instance()).isEqualTo("middleware");
    assertThat(data.connections().poolSamples()).isEqualTo(9);
    assertThat(data.connections().poolSamplesWithWaiters()).isZero();
    assertThat(data.connections().refusals()).isZero();
  }

  private static void instance(
      SeriesStore store, long t, String label, double busy, double waiters, double refusals) {
    store.add(t, "middleware.engineThreads", label, 8);
    store.add(t, "middleware.engineCapacity", label, 16);
    store.add(t, "middleware.engineBusy", label, busy);
    store.add(t, "middleware.engineBacklog", label, busy > 0 ? 40 : 0);
    store.add(t, MiddlewareSource.POOL_WAITERS, label, waiters);
    store.add(t, MiddlewareSource.REFUSALS, label, refusals);
  }

  private static RunData assemble(SeriesStore store) {
    return new RunDataAssembler(store, WINDOW)
        .assemble(
            2,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            WindowCosts.none());
  }
}
