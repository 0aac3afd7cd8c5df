package io.tunelab.load;

import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jmeter.visualizers.backend.influxdb.InfluxdbBackendListenerClient;
import org.apache.jorphan.collections.HashTree;

/**
 * JMeter's own InfluxDB backend listener added to a plan: every 5 s ({@code
 * backend_influxdb.send_interval}) and at the test's end it sends each sampler's counts, rates and
 * percentiles to an InfluxDB write URL, which Grafana's JMeter dashboards read. In JMeter's
 * distributed mode it runs on each engine, as JMeter's documentation says of backend listeners.
 */
final class InfluxdbListener {
  /** The measurement the metrics are written to: JMeter's default, which its dashboards read. */
  static final String MEASUREMENT = "jmeter";

  private InfluxdbListener() {}

  /** Adds the listener under the plan's test plan; nothing when {@code influxdb} is null. */
  static void add(HashTree tree, LoadArgs.Influxdb influxdb) {
    if (influxdb == null) {
      return;
    }
    Arguments arguments = new Arguments();
    // JMeter's HTTP sender (package-private in JMeter, named as its GUI names it)
    arguments.addArgument(
        "influxdbMetricsSender",
        "org.apache.jmeter.visualizers.backend.influxdb.HttpMetricsSender");
    arguments.addArgument("influxdbUrl", influxdb.url());
    arguments.addArgument("influxdbToken", "");
    arguments.addArgument("application", influxdb.application());
    arguments.addArgument("measurement", MEASUREMENT);
    arguments.addArgument("summaryOnly", "false");
    arguments.addArgument("samplersRegex", ".*");
    arguments.addArgument("percentiles", "50;90;95;99");
    arguments.addArgument("testTitle", influxdb.application());
    arguments.addArgument("eventTags", "");
    BackendListener listener = new BackendListener();
    listener.setName("tunelab influxdb");
    listener.setClassname(InfluxdbBackendListenerClient.class.getName());
    listener.setArguments(arguments);
    tree.add(tree.getArray()[0], listener);
  }
}
