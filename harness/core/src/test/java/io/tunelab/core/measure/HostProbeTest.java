package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostProbeTest {
  @Test
  void everyRunDoesTheSameWorkOnASortedCopyOfTheSameInput() {
    long[] work = new long[HostProbe.SIZE];
    long first = HostProbe.checksum(work);
    for (int i = 1; i < work.length; i++) {
      assertThat(work[i]).isGreaterThanOrEqualTo(work[i - 1]);
    }
    work[0] = Long.MAX_VALUE; // whatever the buffer held before, the run starts from the input
    assertThat(HostProbe.checksum(work)).isEqualTo(first);
  }

  @Test
  void theProbeReadsATime() {
    assertThat(HostProbe.millis()).isPositive().isFinite();
  }
}
