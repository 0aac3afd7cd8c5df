package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** An InfluxDB that does not answer is bad input before any tier starts; one that does is not. */
class MetricsSinksTest {
  private static Experiment experiment(String url) {
    return new ExperimentReader()
        .parse(
            "x.yaml",
            "x",
            """
            plan: batch-order
            steps:
              - name: a
              - name: b
                knobs:
                  workload.influxdbUrl: "%s"
            """
                .formatted(url),
            Map.of(),
            OptionalInt.empty());
  }

  @Test
  void aUrlNothingAnswersAtIsRefusedNamingTheKnobAndTheFix() throws Exception {
    int closed;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = probe.getLocalPort();
    }
    String url = "http://127.0.0.1:" + closed + "/write?db=jmeter";

    assertThatThrownBy(() -> MetricsSinks.check(experiment(url)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.influxdbUrl=" + url)
        .hasMessageContaining("nothing answers at 127.0.0.1:" + closed)
        .hasMessageContaining("or leave the knob empty");
  }

  @Test
  void aUrlThatTakesAConnectionPasses() throws Exception {
    try (ServerSocket influxdb = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + influxdb.getLocalPort() + "/write?db=jmeter";
      assertThatCode(() -> MetricsSinks.check(experiment(url))).doesNotThrowAnyException();
    }
    assertThatCode(() -> MetricsSinks.check(experiment(""))).doesNotThrowAnyException();
  }
}
