package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OutageTolerantFaultsTest {
  private final AtomicBoolean down = new AtomicBoolean();
  private final AtomicBoolean outage = new AtomicBoolean();
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicBoolean failing = new AtomicBoolean();

  private final FaultSource database =
      () -> {
        if (failing.get()) {
          throw new IllegalStateException("connection refused");
        }
        return Map.of("ORD-" + reads.incrementAndGet(), "a reason");
      };

  private final OutageTolerantFaults faults =
      new OutageTolerantFaults(database, down::get, outage::get);

  @Test
  void whileTheTierIsDownTheLastAnswerStandsWithoutAsking() {
    assertThat(faults.faulted()).containsOnlyKeys("ORD-1");
    down.set(true);
    outage.set(true);

    assertThat(faults.faulted()).containsOnlyKeys("ORD-1");
    assertThat(reads).hasValue(1);
  }

  @Test
  void aReadThatFailsDuringTheOutageLeavesTheLastAnswerAndTheNextOneIsRead() {
    assertThat(faults.faulted()).containsOnlyKeys("ORD-1");
    outage.set(true);
    failing.set(true);

    assertThat(faults.faulted()).containsOnlyKeys("ORD-1");

    failing.set(false);
    assertThat(faults.faulted()).containsOnlyKeys("ORD-2");
  }

  @Test
  void aReadThatFailsOutsideAnOutageIsTheRunsToSee() {
    failing.set(true);

    assertThatThrownBy(faults::faulted).hasMessage("connection refused");
  }
}
