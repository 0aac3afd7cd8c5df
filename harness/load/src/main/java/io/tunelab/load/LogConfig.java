package io.tunelab.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * The log4j configuration of the load JVM: JMeter's log to {@code jmeter.log}, without the GUI
 * appender of JMeter's own {@code log4j2.xml} (whose plugin package scan log4j warns about) and
 * without the stack traces JMeter logs for the HTTP converters a JMS-only class path lacks.
 * JMeter's engines log every property they send or apply at info ("Sending properties {...}",
 * "Applying properties {...}"), a plan's secret ones among them (the inbox sink's database
 * password): their classes log warnings only.
 */
final class LogConfig {
  private static final String XML =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Configuration status="ERROR">
        <Appenders>
          <File name="jmeter-log" fileName="%s" append="false">
            <PatternLayout pattern="%%d %%p %%c{1.}: %%m%%n"/>
          </File>
        </Appenders>
        <Loggers>
          <Root level="info"><AppenderRef ref="jmeter-log"/></Root>
          <Logger name="org.apache.jmeter.save.SaveService" level="error"/>
          <Logger name="org.apache.jmeter.engine.ClientJMeterEngine" level="warn"/>
          <Logger name="org.apache.jmeter.engine.StandardJMeterEngine" level="warn"/>
        </Loggers>
      </Configuration>
      """;

  private LogConfig() {}

  /** Writes the configuration into {@code work} and points log4j at it. Before any logging. */
  static void install(Path work) throws IOException {
    Path log = work.resolve("jmeter.log");
    String xml = XML.formatted(log.toString().replace("&", "&amp;").replace("\"", "&quot;"));
    Path config = Files.writeString(work.resolve("log4j2.xml"), xml, StandardCharsets.UTF_8);
    System.setProperty("log4j.configurationFile", config.toString());
    if (LogManager.getContext(false) instanceof LoggerContext context && context.isStarted()) {
      // a load JVM that serves run after run: each run's jmeter.log in its own folder
      context.setConfigLocation(config.toUri());
    }
  }
}
