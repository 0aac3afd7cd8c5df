package io.tunelab.load;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/** One run of a JMeter plan in this JVM with JMeter's own engine, its samples written as CSV. */
final class PlanRun {
  /** The JMeter property a plan sets to say its properties are bad (see batch-order.jmx). */
  static final String PLAN_ERROR_PROPERTY = "tunelab.planError";

  /**
   * The HTML dashboard's percentile window (samples per percentile statistic). JMeter's default of
   * 20,000 makes its percentiles those of the last 20,000 samples only; -1 is unlimited, so the
   * dashboard's percentiles are of every sample, like tunelab's. JMeter reads it once, when its
   * percentile class loads: it must be set before any report is generated. Cost: 8 bytes per sample
   * per percentile statistic in the load JVM.
   */
  static final String STATISTIC_WINDOW_PROPERTY = "jmeter.reportgenerator.statistic_window";

  private PlanRun() {}

  /** What came of a run. */
  record Outcome(long samples, long failures, String firstFailure, String planError) {}

  /** Thrown when JMeter cannot read the plan. */
  static final class BadPlanException extends Exception {
    private static final long serialVersionUID = 1L;

    BadPlanException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** JMeter's global settings: home, properties, the CSV results format. Before each run. */
  static void configure(Path home, LoadArgs args) throws Exception {
    configureJmeter(home);
    if (!args.sampleVariables().isEmpty()) {
      // An empty list would give the JTL one unnamed column of "null"s.
      JMeterUtils.setProperty("sample_variables", String.join(",", args.sampleVariables()));
    }
    for (Map.Entry<String, String> property : args.properties().entrySet()) {
      JMeterUtils.setProperty(property.getKey(), property.getValue());
    }
    SaveService.loadProperties();
    // read once when the class loads: a load JVM that runs plan after plan reads them again
    SampleEvent.initSampleVariables();
  }

  /**
   * What every JMeter of tunelab's load tier runs with, the controller's and each engine's: home,
   * jmeter.properties, the JTL's timestamps and format. An engine sets them once, at its start:
   * JMeter reads some only when their class loads (the start-time timestamps among them).
   */
  static void configureJmeter(Path home) {
    System.setProperty(JMeter.JMETER_NON_GUI, "true");
    JMeterUtils.setJMeterHome(home.toString());
    JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
    JMeterUtils.initLocale();
    // The JTL's timeStamp is when the sample started (the send), not when it ended.
    JMeterUtils.setProperty("sampleresult.timestamp.start", "true");
    JMeterUtils.setProperty("jmeter.save.saveservice.output_format", "csv");
    JMeterUtils.setProperty("jmeter.save.saveservice.timestamp_format", "ms");
    JMeterUtils.setProperty(STATISTIC_WINDOW_PROPERTY, "-1");
  }

  /**
   * Loads the plan, runs it to its end and writes the JTL.
   *
   * @param influxdb JMeter's InfluxDB backend listener to add to the plan; null for none
   */
  static Outcome run(Path plan, Path jtl, LoadArgs.Influxdb influxdb) throws BadPlanException {
    return run(plan, jtl, influxdb, null);
  }

  /**
   * {@link #run(Path, Path, LoadArgs.Influxdb)}, ended early when {@code stopFile} appears.
   *
   * @param stopFile the file whose appearance stops the run ({@link StopFile}); null for none
   */
  static Outcome run(Path plan, Path jtl, LoadArgs.Influxdb influxdb, Path stopFile)
      throws BadPlanException {
    Prepared prepared = prepare(plan, jtl, influxdb);
    try {
      StandardJMeterEngine engine = new StandardJMeterEngine();
      engine.configure(prepared.tree());
      IdleEnd.watch(prepared.tree());
      StopFile.watch(stopFile, engine, prepared.tree());
      engine.run(); // returns when every thread has ended and the listeners closed the JTL
      return prepared.outcome(JMeterUtils.getProperty(PLAN_ERROR_PROPERTY));
    } finally {
      prepared.tally().close();
    }
  }

  /**
   * Runs the plan on remote engines in JMeter's distributed mode, this JVM their controller: each
   * engine gets the plan and {@code properties} (JMeter's {@code -G}, global properties), runs it
   * and sends its samples back, which are written into the one JTL. A backend listener runs on each
   * engine (it is not {@code Remoteable}), sending its own samples.
   *
   * @throws RemoteEngines.EngineException when an engine cannot be reached, refuses the plan or
   *     stops answering
   */
  static Outcome runRemote(
      Path plan,
      Path jtl,
      List<String> remotes,
      String rmiHost,
      Map<String, String> properties,
      LoadArgs.Influxdb influxdb)
      throws BadPlanException, InterruptedException {
    Prepared prepared = prepare(plan, jtl, influxdb);
    try {
      return prepared.outcome(
          RemoteEngines.run(prepared.tree(), remotes, rmiHost, properties, prepared.tally()));
    } finally {
      prepared.tally().close();
    }
  }

  /** A plan's tree with the JTL's writer and the run's tally added; close the tally after. */
  private record Prepared(HashTree tree, RunTally tally) {
    Outcome outcome(String planError) {
      return new Outcome(tally.samples(), tally.failures(), tally.firstFailure(), planError);
    }
  }

  private static Prepared prepare(Path plan, Path jtl, LoadArgs.Influxdb influxdb)
      throws BadPlanException {
    HashTree tree = load(plan);
    InfluxdbListener.add(tree, influxdb);
    ResultCollector collector = new ResultCollector();
    collector.setFilename(jtl.toString());
    collector.setSaveConfig(saveConfig());
    RunTally tally = RunTally.open();
    Object testPlan = tree.getArray()[0];
    tree.add(testPlan, collector);
    tree.add(testPlan, tally); // after the JTL's writer: see RunTally.testEnded(String)
    return new Prepared(tree, tally);
  }

  private static HashTree load(Path plan) throws BadPlanException {
    HashTree tree;
    try {
      tree = SaveService.loadTree(new File(plan.toString()));
    } catch (Exception | LinkageError e) {
      throw new BadPlanException("JMeter cannot read it: " + e, e);
    }
    if (tree == null || tree.getArray().length == 0) {
      throw new BadPlanException("it holds no test plan", null);
    }
    JMeter.convertSubTree(tree, false);
    return tree;
  }

  /** The JTL columns {@code JtlRecord} reads, plus what an engineer wants beside them. */
  private static SampleSaveConfiguration saveConfig() {
    SampleSaveConfiguration config = new SampleSaveConfiguration(false);
    config.setAsXml(false);
    config.setFieldNames(true);
    config.setTimestamp(true);
    config.setTime(true);
    config.setLabel(true);
    config.setCode(true);
    config.setMessage(true);
    config.setThreadName(true);
    config.setSuccess(true);
    config.setBytes(true);
    config.setSentBytes(true);
    config.setLatency(true);
    config.setConnectTime(true);
    config.setThreadCounts(true);
    config.setDelimiter(",");
    return config;
  }
}
