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
class OutsideEndpointsTest {
  private static Experiment experiment(String url) {
    return experiment("workload.influxdbUrl", url);
  }

  private static Experiment experiment(String knob, String value) {
    return parse(
        """
        plan: batch-order
        steps:
          - name: a
          - name: b
            knobs:
              %s: "%s"
        """
            .formatted(knob, value));
  }

  private static Experiment parse(String yaml) {
    return new ExperimentReader().parse("x.yaml", "x", yaml, Map.of(), OptionalInt.empty());
  }

  @Test
  void aUrlNothingAnswersAtIsRefusedNamingTheKnobAndTheFix() throws Exception {
    int closed;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = probe.getLocalPort();
    }
    String url = "http://127.0.0.1:" + closed + "/write?db=jmeter";

    assertThatThrownBy(() -> OutsideEndpoints.check(experiment(url)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.influxdbUrl=" + url)
        .hasMessageContaining("nothing answers at 127.0.0.1:" + closed)
        .hasMessageContaining("or leave the knob empty");
  }

  @Test
  void anEngineHostThatDoesNotAnswerOrCannotCallBackIsRefused() throws Exception {
    int closed;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = probe.getLocalPort();
    }
    assertThatThrownBy(
            () -> OutsideEndpoints.check(experiment("workload.engineHosts", "127.0.0.1:" + closed)))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.engineHosts=127.0.0.1:" + closed)
        .hasMessageContaining("start the JMeter engine there");
    assertThatThrownBy(
            () -> OutsideEndpoints.check(experiment("workload.engineHosts", "10.0.0.5:1099")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("names engines on other hosts")
        .hasMessageContaining("set workload.controllerHost");
  }

  @Test
  void stepsThatNameDifferentControllerAddressesAreRefused() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            steps:
              - name: a
                knobs: {workload.controllerHost: "10.0.0.4"}
              - name: b
                knobs: {workload.controllerHost: "10.0.0.7"}
            """);

    assertThatThrownBy(() -> OutsideEndpoints.check(experiment))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.controllerHost differs between steps (10.0.0.4, 10.0.0.7)");
  }

  @Test
  void aUrlThatTakesAConnectionPasses() throws Exception {
    try (ServerSocket influxdb = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + influxdb.getLocalPort() + "/write?db=jmeter";
      assertThatCode(() -> OutsideEndpoints.check(experiment(url))).doesNotThrowAnyException();
    }
    assertThatCode(() -> OutsideEndpoints.check(experiment(""))).doesNotThrowAnyException();
  }
}
