package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Point;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostPaceSourceTest {
  @Test
  void eachSampleAddsTheCpuMicrosecondsOfTheFixedWork() {
    SeriesStore store = new SeriesStore();
    HostPaceSource source = new HostPaceSource();

    source.sample(1_000, store);
    source.sample(2_000, store);

    List<Point> points = store.points(HostPaceSource.SERIES, HostPaceSource.LABEL);
    assertThat(ManagementFactory.getThreadMXBean().isCurrentThreadCpuTimeSupported()).isTrue();
    assertThat(points).extracting(Point::epochMillis).containsExactly(1_000L, 2_000L);
    // compiled, the work takes tens to hundreds of microseconds of one core, never a whole second
    assertThat(points).allSatisfy(p -> assertThat(p.value()).isBetween(1.0, 1e6));
  }

  @Test
  void theWindowsPaceIsTheMedianOfItsSamples() {
    assertThat(WindowCosts.median(List.of())).isNull();
    assertThat(WindowCosts.median(List.of(new Point(1, 30), new Point(2, 10), new Point(3, 20))))
        .isEqualTo(20.0);
    assertThat(WindowCosts.median(List.of(new Point(1, 30), new Point(2, 10)))).isEqualTo(20.0);
  }
}
