package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tier of several root processes (a middleware of several instances) is read as the sum of their
 * trees, and a tier with one root gone has no ticks, on this machine's own /proc.
 */
class StackClockTest {
  private static final long SELF = ProcessHandle.current().pid();

  @Test
  void aTierOfSeveralRootsCountsEveryRootsTree() throws Exception {
    assumeThat(Files.isDirectory(Path.of("/proc"))).isTrue();
    Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      long child = busy.pid();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> StackClock.tierTicks(Map.of("child", List.of(child))).get("child") > 0);

      Map<String, Long> ticks =
          StackClock.tierTicks(
              Map.of("self", List.of(SELF), "child", List.of(child), "both", List.of(SELF, child)));

      assertThat(ticks.get("child")).isPositive();
      assertThat(ticks.get("both")).isEqualTo(ticks.get("self") + ticks.get("child"));
    } finally {
      busy.destroyForcibly().waitFor();
    }
  }

  @Test
  void aTierWithARootGoneHasNoTicks() throws Exception {
    assumeThat(Files.isDirectory(Path.of("/proc"))).isTrue();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();

    Map<String, Long> ticks =
        StackClock.tierTicks(Map.of("self", List.of(SELF), "half", List.of(SELF, gone.pid())));

    assertThat(ticks).containsOnlyKeys("self");
  }

  @Test
  void theMiddlewaresClockSumsEveryInstance() {
    long once = HostClock.cpuNanos(SELF).getAsLong();

    long twice = HostClock.cpuNanos(List.of(SELF, SELF)).getAsLong();

    assertThat(twice).isGreaterThanOrEqualTo(2 * once);
    assertThat(HostClock.cpuNanos(List.of(SELF, Long.MAX_VALUE))).isEmpty();
    assertThat(HostClock.cpuNanos(List.of())).isEmpty();
  }
}
