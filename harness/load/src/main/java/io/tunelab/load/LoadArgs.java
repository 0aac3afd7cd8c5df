package io.tunelab.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of {@link LoadMain}: {@code --plan FILE --jtl FILE --work DIR
 * [--sample-variables a,b] [--report DIR] [-Jname=value]...}.
 *
 * @param plan the JMeter plan (.jmx) to run
 * @param jtl the CSV results file to write (replaced if it exists)
 * @param work where JMETER_HOME is unpacked and {@code jmeter.log} written
 * @param sampleVariables JMeter variables written as extra JTL columns (JMeter's {@code
 *     sample_variables})
 * @param properties the plan properties, in the order given; each becomes a JMeter property
 * @param report where JMeter's HTML dashboard of the JTL is generated after the run (replaced if it
 *     exists); null for none
 * @param remotes the JMeter engines ({@code host:port} of each one's RMI registry) that run the
 *     plan in JMeter's distributed mode, this JVM their controller; empty to run it in this JVM
 * @param stopFile a file whose appearance ends the run early, each thread after its current sample
 *     ({@link StopFile}); null for none
 */
public record LoadArgs(
    Path plan,
    Path jtl,
    Path work,
    List<String> sampleVariables,
    Map<String, String> properties,
    Path report,
    List<String> remotes,
    String rmiHost,
    Influxdb influxdb,
    Path stopFile) {
  /** JMeter's InfluxDB backend listener: the write URL and the {@code application} tag. */
  public record Influxdb(String url, String application) {}

  static final String USAGE =
      "usage: LoadMain --plan FILE.jmx --jtl FILE.csv --work DIR [--sample-variables a,b]"
          + " [--report DIR] [--remote HOST:PORT,... [--rmi-host HOST]]"
          + " [--influxdb URL --influxdb-application NAME] [--stop-file FILE]"
          + " [-Jname=value]...";

  /**
   * Environment variables of this prefix are plan properties too, named by the rest: how the
   * harness passes a secret such as a database password, which a process list would show on the
   * command line ({@code io.tunelab.tiers.jmeter.LocalJmeter} writes them).
   */
  static final String SECRET_PROPERTY_PREFIX = "TUNELAB_LOAD_SECRET_";

  public LoadArgs {
    sampleVariables = List.copyOf(sampleVariables);
    remotes = List.copyOf(remotes);
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** Parses {@code args}; no property from the environment. */
  public static LoadArgs parse(String[] args) {
    return parse(args, Map.of());
  }

  /**
   * Parses {@code args} and takes the secret properties from {@code env}.
   *
   * @throws IllegalArgumentException naming the bad argument and the usage
   */
  public static LoadArgs parse(String[] args, Map<String, String> env) {
    Path plan = null;
    Path jtl = null;
    Path work = null;
    Path report = null;
    Path stopFile = null;
    List<String> sampleVariables = new ArrayList<>();
    List<String> remotes = new ArrayList<>();
    String rmiHost = null;
    String influxdbUrl = null;
    String application = null;
    Map<String, String> properties = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("-J")) {
        putProperty(properties, arg.substring(2));
        continue;
      }
      String value = valueOf(args, i++);
      switch (arg) {
        case "--plan" -> plan = Path.of(value);
        case "--jtl" -> jtl = Path.of(value);
        case "--work" -> work = Path.of(value);
        case "--sample-variables" -> sampleVariables.addAll(names(value));
        case "--report" -> report = Path.of(value);
        case "--remote" -> remotes.addAll(remotes(value));
        case "--rmi-host" -> rmiHost = value;
        case "--influxdb" -> influxdbUrl = value;
        case "--influxdb-application" -> application = value;
        case "--stop-file" -> stopFile = Path.of(value);
        default -> throw new IllegalArgumentException("unknown argument '" + arg + "'; " + USAGE);
      }
    }
    for (Map.Entry<String, String> variable : new java.util.TreeMap<>(env).entrySet()) {
      if (variable.getKey().startsWith(SECRET_PROPERTY_PREFIX)) {
        putProperty(
            properties,
            variable.getKey().substring(SECRET_PROPERTY_PREFIX.length())
                + "="
                + variable.getValue());
      }
    }
    if (plan == null || jtl == null || work == null) {
      throw new IllegalArgumentException("--plan, --jtl and --work are required; " + USAGE);
    }
    if ((influxdbUrl == null) != (application == null)) {
      throw new IllegalArgumentException(
          "--influxdb and --influxdb-application go together; " + USAGE);
    }
    if (stopFile != null && !remotes.isEmpty()) {
      throw new IllegalArgumentException(
          "--stop-file ends a run of this JVM's own engine; the engines of --remote run theirs:"
              + " give one of them; "
              + USAGE);
    }
    Influxdb influxdb = influxdbUrl == null ? null : new Influxdb(influxdbUrl, application);
    return new LoadArgs(
        plan, jtl, work, sampleVariables, properties, report, remotes, rmiHost, influxdb, stopFile);
  }

  private static List<String> remotes(String list) {
    List<String> remotes = names(list);
    for (String remote : remotes) {
      if (!remote.matches("[A-Za-z0-9.\\-]+:[0-9]{1,5}")) {
        throw new IllegalArgumentException(
            "--remote " + remote + " is not host:port, e.g. 127.0.0.1:1099; " + USAGE);
      }
    }
    if (remotes.size() != new java.util.HashSet<>(remotes).size()) {
      throw new IllegalArgumentException("--remote names an engine twice: " + list);
    }
    return remotes;
  }

  private static String valueOf(String[] args, int i) {
    if (i + 1 >= args.length || args[i + 1].startsWith("-")) {
      throw new IllegalArgumentException(args[i] + " needs a value; " + USAGE);
    }
    return args[i + 1];
  }

  private static void putProperty(Map<String, String> properties, String nameValue) {
    int equals = nameValue.indexOf('=');
    String name = equals < 0 ? "" : nameValue.substring(0, equals);
    if (!name.matches("[A-Za-z0-9_.]+")) {
      throw new IllegalArgumentException(
          "-J" + nameValue + " is not -Jname=value with a name of letters, digits, _ and .");
    }
    if (properties.put(name, nameValue.substring(equals + 1)) != null) {
      throw new IllegalArgumentException("property " + name + " is given twice: give it once");
    }
  }

  private static List<String> names(String list) {
    List<String> names = new ArrayList<>();
    for (String name : list.split(",")) {
      if (!name.isBlank()) {
        names.add(name.trim());
      }
    }
    return names;
  }
}
