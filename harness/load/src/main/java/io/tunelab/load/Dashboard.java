package io.tunelab.load;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's HTML dashboard of a JTL ({@code jmeter -g results.jtl -o DIR}), generated with JMeter's
 * own {@link ReportGenerator} in the load JVM after the run, from the report template of the
 * unpacked JMETER_HOME.
 */
final class Dashboard {
  private Dashboard() {}

  /**
   * Writes the dashboard of {@code jtl} into {@code dir} (emptied first); {@code dir/index.html}.
   */
  static Path generate(Path home, Path jtl, Path dir) throws Exception {
    loadDefaults(home.resolve("bin/reportgenerator.properties"));
    deleteTree(dir);
    Files.createDirectories(dir);
    JMeterUtils.setProperty("jmeter.reportgenerator.outputdir", dir.toString());
    // JMeter's default working folder is "temp" in the current directory, which two load JVMs
    // started from one folder (two runs, two test JVMs) share: one's clean-up broke the other's
    // dashboard ("Cannot create working directory temp/latencyVsRequest")
    Path work = Files.createTempDirectory("tunelab-dashboard-");
    try {
      JMeterUtils.setProperty("jmeter.reportgenerator.temp_dir", work.toString());
      new ReportGenerator(jtl.toString(), null).generate();
    } finally {
      deleteTree(work);
    }
    return dir.resolve("index.html");
  }

  /** The report generator's settings, where jmeter.properties and -J gave none. */
  private static void loadDefaults(Path file) throws IOException {
    Properties defaults = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      defaults.load(reader);
    }
    for (String name : defaults.stringPropertyNames()) {
      if (JMeterUtils.getProperty(name) == null) {
        JMeterUtils.setProperty(name, defaults.getProperty(name));
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
