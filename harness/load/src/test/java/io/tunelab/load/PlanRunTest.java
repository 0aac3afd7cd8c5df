package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.jmeter.report.processor.PercentileAggregator;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMeter's global settings as the load JVM makes them. */
class PlanRunTest {
  @TempDir Path dir;

  @Test
  void dashboardPercentilesAreOfEverySample() throws Exception {
    Path home = JmeterHome.unpack(dir.resolve("jmeter-home"));
    PlanRun.configure(
        home, LoadArgs.parse(new String[] {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w"}));

    // 20,000 slow samples, then 10,000 fast ones: the median of all 30,000 is slow, while
    // JMeter's default window (the last 20,000) would give the mean of one slow and one fast
    PercentileAggregator median = new PercentileAggregator(50);
    for (int i = 0; i < 20_000; i++) {
      median.addValue(1000);
    }
    for (int i = 0; i < 10_000; i++) {
      median.addValue(1);
    }

    assertThat(JMeterUtils.getProperty(PlanRun.STATISTIC_WINDOW_PROPERTY)).isEqualTo("-1");
    assertThat(median.getCount()).isEqualTo(30_000);
    assertThat(median.getResult()).isEqualTo(1000);
  }
}
