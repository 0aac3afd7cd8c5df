package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CrashAtTest {
  @Test
  void theCrashComesOnceItsShareOfTheBatchCompletedAndNeverAtNone() {
    assertThat(CrashAt.threshold(60, 50)).isEqualTo(30);
    assertThat(CrashAt.threshold(61, 50)).isEqualTo(31);
    assertThat(CrashAt.threshold(10, 1)).isEqualTo(1);
    assertThat(CrashAt.threshold(1, 1)).isEqualTo(1);
    assertThat(CrashAt.threshold(200, 99)).isEqualTo(198);
  }
}
