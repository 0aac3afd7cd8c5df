package io.tunelab.load;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's HTML dashboards of JTLs written earlier, without running a plan: {@code LoadMain
 * dashboards --work DIR JTL DIR [JTL DIR]...} (JMeter's own {@code jmeter -g JTL -o DIR}, several
 * in one JVM). JMeter's report generator reads each JTL as any JMeter user's would: its header
 * names the columns, the sample variables quoted.
 *
 * <p>Exit status 0 every dashboard written; 1 one could not be (the others still are); 2 bad
 * arguments.
 */
final class DashboardsOnly {
  static final String MODE = "dashboards";
  static final String USAGE = "usage: LoadMain dashboards --work DIR JTL DIR [JTL DIR]...";

  private DashboardsOnly() {}

  /** A JTL and the folder its dashboard goes to. */
  record Job(Path jtl, Path dir) {}

  static List<Job> parse(String[] args) {
    if (args.length < 5
        || !args[0].equals(MODE)
        || !args[1].equals("--work")
        || args.length % 2 == 0) {
      throw new IllegalArgumentException(USAGE);
    }
    List<Job> jobs = new ArrayList<>();
    for (int i = 3; i + 1 < args.length; i += 2) {
      Path jtl = Path.of(args[i]);
      if (!Files.isRegularFile(jtl)) {
        throw new IllegalArgumentException("no JTL at " + jtl + "; " + USAGE);
      }
      jobs.add(new Job(jtl, Path.of(args[i + 1])));
    }
    return jobs;
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    List<Job> jobs;
    try {
      jobs = parse(args);
    } catch (IllegalArgumentException e) {
      err.println("tunelab load: " + e.getMessage());
      return LoadMain.BAD_INPUT;
    }
    Path work = Path.of(args[2]).toAbsolutePath().normalize();
    Files.createDirectories(work);
    Path home = JmeterHome.unpack(work.resolve("jmeter-home"));
    int status = LoadMain.OK;
    try {
      LogConfig.install(work);
      System.setProperty(JMeter.JMETER_NON_GUI, "true");
      JMeterUtils.setJMeterHome(home.toString());
      JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
      JMeterUtils.initLocale();
      JMeterUtils.setProperty("jmeter.save.saveservice.output_format", "csv");
      JMeterUtils.setProperty("jmeter.save.saveservice.timestamp_format", "ms");
      JMeterUtils.setProperty(PlanRun.STATISTIC_WINDOW_PROPERTY, "-1");
      for (Job job : jobs) {
        try {
          out.println(
              "tunelab load: dashboard "
                  + Dashboard.generate(
                      home, job.jtl().toAbsolutePath(), job.dir().toAbsolutePath()));
        } catch (Exception e) {
          err.println("tunelab load: no dashboard of " + job.jtl() + ": " + e);
          status = LoadMain.FAILED;
        }
      }
    } finally {
      JmeterHome.delete(home);
    }
    return status;
  }
}
