package io.tunelab.load;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.Properties;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A load engine of JMeter's distributed mode, as {@code jmeter-server} is one: {@code LoadMain
 * engine --work DIR --port PORT --index N [--host HOST]} binds JMeter's remote engine in an RMI
 * registry on HOST:PORT (127.0.0.1 by default) and runs each plan a controller sends it with
 * JMeter's own engine, its samples going back to the controller. Any JMeter controller can drive
 * it; tunelab's also asks what the plan refused ({@link EngineControl}).
 *
 * <p>Beside {@code jmeter-server}, it runs what tunelab's load JVM runs around a plan: the JMeter
 * property {@code tunelab.engine} (this engine's number, from 1), which the plans read to take
 * their share of the orders' numbers; the open model's end once idle ({@link IdleEnd}); one Groovy
 * engine for every run ({@link SharedScriptEngine}). It ends when its standard input ends (its
 * owner closed it or died).
 */
final class LoadEngine extends UnicastRemoteObject implements EngineControl {
  static final String MODE = "engine";

  /** Printed once the engine is bound and takes plans. */
  static final String READY = "tunelab-load-engine ready";

  /** The JMeter property holding this engine's number, from 1. */
  static final String INDEX_PROPERTY = "tunelab.engine";

  static final String USAGE =
      "usage: LoadMain engine --work DIR --port PORT --index N [--host HOST] [-Jname=value]...";

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(LoadEngine.class);

  private transient StandardJMeterEngine backing;
  private transient HashTree tree;
  private transient Properties remotelySet = new Properties();

  private LoadEngine() throws RemoteException {
    super(0); // an anonymous port, on RmiSetup's address
  }

  /**
   * Serves plans until {@code in} ends.
   *
   * @return 0 when its input ended, 2 for bad arguments or a port it cannot take
   */
  static int serve(String[] args, InputStream in, PrintStream out, PrintStream err)
      throws IOException {
    Path work = null;
    String host = "127.0.0.1";
    int port = -1;
    int index = -1;
    HashMap<String, String> properties = new HashMap<>();
    try {
      for (int i = 1; i < args.length; i++) {
        String arg = args[i];
        if (arg.startsWith("-J") && arg.indexOf('=') > 2) {
          properties.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        String value = args[++i];
        switch (arg) {
          case "--work" -> work = Path.of(value).toAbsolutePath().normalize();
          case "--host" -> host = value;
          case "--port" -> port = Integer.parseInt(value);
          case "--index" -> index = Integer.parseInt(value);
          default -> throw new IllegalArgumentException("unknown argument '" + arg + "'");
        }
      }
      if (work == null || port < 1 || port > 65535 || index < 1) {
        throw new IllegalArgumentException(
            "--work, --port (1..65535) and --index (1..) are needed");
      }
    } catch (IllegalArgumentException e) {
      err.println("tunelab load: " + e.getMessage() + "; " + USAGE);
      return LoadMain.BAD_INPUT;
    }
    Files.createDirectories(work);
    Path home = JmeterHome.unpack(work.resolve("jmeter-home"));
    try {
      LogConfig.install(work);
      PlanRun.configureJmeter(home);
      properties.forEach(JMeterUtils::setProperty);
      JMeterUtils.setProperty(INDEX_PROPERTY, String.valueOf(index));
      SaveService.loadProperties();
      SharedScriptEngine.install();
      RmiSetup.bindTo(host);
      LoadEngine engine = new LoadEngine();
      Registry registry;
      try {
        registry = LocateRegistry.createRegistry(port);
        registry.rebind(EngineControl.RMI_NAME, engine);
      } catch (RemoteException e) {
        err.println("tunelab load: the engine cannot take " + host + ":" + port + ": " + e);
        return LoadMain.BAD_INPUT;
      }
      LOG.info("engine {} bound at {}:{}", index, host, port);
      out.println(READY + " " + host + ":" + port);
      out.flush();
      BufferedReader input = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      while (input.readLine() != null) {
        // nothing is asked on the input: its end is the engine's
      }
      engine.rstopTest(true);
      return LoadMain.OK;
    } finally {
      JmeterHome.delete(home);
    }
  }

  @Override
  public synchronized void rconfigure(
      HashTree testTree, String hostAndPort, File jmxBase, String scriptName) {
    if (backing != null && backing.isActive()) {
      throw new IllegalStateException("the engine runs a plan already: one controller at a time");
    }
    // JMeter's own engines name their threads after the engine: the JTL then says which sent what
    JMeterUtils.setProperty(JMeterUtils.THREAD_GROUP_DISTRIBUTED_PREFIX_PROPERTY_NAME, hostAndPort);
    backing = new StandardJMeterEngine(hostAndPort);
    backing.configure(testTree);
    tree = testTree;
    FileServer.getFileServer().setScriptName(scriptName);
    FileServer.getFileServer().setBase(jmxBase);
  }

  @Override
  public synchronized void rsetProperties(HashMap<String, String> map) {
    Properties jmeter = JMeterUtils.getJMeterProperties();
    remotelySet.keySet().forEach(jmeter::remove);
    Properties fresh = new Properties();
    fresh.putAll(map);
    jmeter.putAll(fresh);
    remotelySet = fresh;
  }

  @Override
  public synchronized void rrunTest() throws JMeterEngineException {
    if (backing == null) {
      throw new IllegalStateException("no plan was sent before the run");
    }
    JMeterUtils.getJMeterProperties().remove(PlanRun.PLAN_ERROR_PROPERTY);
    IdleEnd.watch(tree); // after the properties: it reads the plan's
    backing.runTest();
  }

  @Override
  public synchronized void rstopTest(boolean now) {
    if (backing != null) {
      backing.stopTest(now);
    }
  }

  @Override
  public synchronized void rreset() {
    if (backing != null) {
      backing.reset();
    }
  }

  @Override
  public void rexit() {
    // the engine's owner ends it (its input closes): a controller may not
    LOG.info("a controller asked this engine to exit; it runs until its owner ends it");
  }

  @Override
  public String planError() {
    return JMeterUtils.getProperty(PlanRun.PLAN_ERROR_PROPERTY);
  }
}
