package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostPaceTest {
  @Test
  void theWorkIsTheSameOnEveryRunSoEveryRunTimesTheSameWork() {
    long first = HostPace.work();

    assertThat(HostPace.work()).isEqualTo(first).isNotZero();
  }
}
