package io.tunelab.run.observe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import javax.management.JMX;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import jdk.management.jfr.FlightRecorderMXBean;

/**
 * A JDK Flight Recorder recording of another JVM's repetition, through the JDK's own public parts:
 * its {@link FlightRecorderMXBean} over a {@link LocalJmx} connection records and writes the file.
 * Nothing is added to the target's command line, so a recording starts and ends where the observer
 * says (a repetition's start or its measured window), not at the JVM's start.
 */
final class JfrRecorder implements AutoCloseable {
  static final String MONITOR_THRESHOLD = "jdk.JavaMonitorEnter#threshold";
  static final String ENVIRONMENT = "jdk.InitialEnvironmentVariable#enabled";

  /** The settings that record collections only, {@code middleware.jvm.jfr=gc}. */
  static final String GC = "gc";

  /**
   * The events of {@link #GC}: each collection, the heap around it (in all and per generation), the
   * collector: what the GC log gave, as events emitted at each collection, nothing sampled.
   */
  static final java.util.List<String> GC_EVENTS =
      java.util.List.of(
          "jdk.GarbageCollection",
          "jdk.YoungGarbageCollection",
          "jdk.OldGarbageCollection",
          "jdk.G1GarbageCollection",
          "jdk.GCPhasePause",
          "jdk.GCHeapSummary",
          "jdk.G1HeapSummary",
          "jdk.PSHeapSummary",
          "jdk.MetaspaceSummary",
          "jdk.GCConfiguration",
          "jdk.GCHeapConfiguration",
          "jdk.YoungGenerationConfiguration");

  private final JMXConnector connector;
  private final FlightRecorderMXBean recorder;
  private final long recording;
  private final Path file;
  private final boolean warm;
  private long startedNanos;

  private JfrRecorder(
      JMXConnector connector,
      FlightRecorderMXBean recorder,
      long recording,
      Path file,
      boolean warm) {
    this.connector = connector;
    this.recorder = recorder;
    this.recording = recording;
    this.file = file;
    this.warm = warm;
  }

  /** The name of the recording {@link #recordForLife} keeps on. */
  static final String FOR_LIFE = "tunelab-jvm";

  /**
   * Prepares a recording of JVM {@code pid}, not started yet: attaching loads the management agent
   * into the JVM, which should happen before its measured window, not at its start.
   *
   * @param settings {@link #GC}, or the JDK's predefined settings, {@code default} or {@code
   *     profile}
   * @param file where the JVM writes the recording when it stops, or when the JVM exits first (a
   *     middleware stopped before its observer, or dead of its heap): a GC log survived its JVM too
   * @throws IOException when the JVM cannot be attached to or refuses to record
   */
  static JfrRecorder prepare(long pid, String settings, Path file) throws IOException {
    JMXConnector connector = LocalJmx.connect(pid);
    try {
      FlightRecorderMXBean recorder =
          JMX.newMXBeanProxy(
              connector.getMBeanServerConnection(),
              new ObjectName(FlightRecorderMXBean.MXBEAN_NAME),
              FlightRecorderMXBean.class);
      boolean warm =
          recorder.getRecordings().stream()
              .anyMatch(r -> FOR_LIFE.equals(r.getName()) && "RUNNING".equals(r.getState()));
      if (!warm) {
        prime(recorder); // the recorder on since the JVM's start needs no priming
      }
      long id = recorder.newRecording();
      recorder.setRecordingSettings(id, settings(settings));
      Path destination = file.toAbsolutePath();
      java.nio.file.Files.createDirectories(destination.getParent());
      recorder.setRecordingOptions(
          id,
          Map.of(
              "name", "tunelab-window",
              "disk", "true",
              "dumpOnExit", "true",
              "destination", destination.toString()));
      return new JfrRecorder(connector, recorder, id, destination, warm);
    } catch (javax.management.MalformedObjectNameException | RuntimeException e) {
      connector.close();
      throw new IOException("JVM " + pid + " did not start recording: " + e.getMessage(), e);
    }
  }

  /**
   * Starts a recording of JVM {@code pid} with these settings that lasts as long as the JVM, kept
   * in its memory only (nothing on its disk: its data is not read, it keeps the recorder warm).
   *
   * @throws IOException when the JVM cannot be attached to or refuses to record
   */
  static void recordForLife(long pid, String settings) throws IOException {
    try (JMXConnector connector = LocalJmx.connect(pid)) {
      FlightRecorderMXBean recorder =
          JMX.newMXBeanProxy(
              connector.getMBeanServerConnection(),
              new ObjectName(FlightRecorderMXBean.MXBEAN_NAME),
              FlightRecorderMXBean.class);
      long id = recorder.newRecording();
      recorder.setRecordingSettings(id, settings(settings));
      recorder.setRecordingOptions(id, Map.of("name", FOR_LIFE, "disk", "false"));
      recorder.startRecording(id);
    } catch (javax.management.MalformedObjectNameException | RuntimeException e) {
      throw new IOException("JVM " + pid + " did not start recording: " + e.getMessage(), e);
    }
  }

  /**
   * Starts and ends an empty recording, so that the JVM's first recording, which starts the
   * recorder itself (its classes, repository and threads), happens before the window and not in it:
   * without this, the first recorded 400-order window of a warm middleware cost it 92 ms of CPU per
   * order, the eleven after it 20-32 ms (benchmarks/jfr-overhead.yaml). Later calls cost a few
   * milliseconds. It is not enough: the recorder's code is compiled as it first records, which is
   * what {@link JvmRecording} moves into the warm-up.
   */
  private static void prime(FlightRecorderMXBean recorder) throws IOException {
    long id = recorder.newRecording();
    try {
      recorder.startRecording(id);
      recorder.stopRecording(id);
    } finally {
      recorder.closeRecording(id);
    }
  }

  /**
   * The JDK's predefined settings with two changes: monitor waits are recorded from 1 ms (20 ms in
   * {@code default}, 10 in {@code profile}), as the short waits of a lock on a hot path add up; and
   * no environment variable is recorded, as the stack's passwords are among them.
   */
  static Map<String, String> settings(String name) throws IOException {
    if (GC.equals(name)) {
      return collectionsOnly();
    }
    Map<String, String> settings = predefined(name);
    settings.put(MONITOR_THRESHOLD, "1 ms");
    // the middleware takes the stack's passwords from its environment: a recording must not
    settings.put(ENVIRONMENT, "false");
    return settings;
  }

  private static Map<String, String> predefined(String name) throws IOException {
    try {
      return new java.util.HashMap<>(jdk.jfr.Configuration.getConfiguration(name).getSettings());
    } catch (java.text.ParseException e) {
      throw new IOException("the JDK's JFR settings " + name + " do not parse", e);
    }
  }

  /** The JDK's {@code default} settings with every event off but {@link #GC_EVENTS}. */
  private static Map<String, String> collectionsOnly() throws IOException {
    Map<String, String> settings = predefined("default");
    settings.replaceAll((key, value) -> key.endsWith("#enabled") ? "false" : value);
    for (String event : GC_EVENTS) {
      settings.put(event + "#enabled", "true");
    }
    return settings;
  }

  /**
   * Whether the JVM was recording since its start ({@link JvmRecording}) when this recording was
   * prepared: if not, the recorder's own start fell in this recording's window.
   */
  boolean warm() {
    return warm;
  }

  /** Starts recording now. */
  void start() throws IOException {
    try {
      recorder.startRecording(recording);
      startedNanos = System.nanoTime();
    } catch (RuntimeException e) {
      throw new IOException("the recording did not start: " + e.getMessage(), e);
    }
  }

  /** Whether {@link #start} started it. */
  boolean started() {
    return startedNanos != 0;
  }

  /** Seconds since the recording started. */
  double seconds() {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  /**
   * Stops the recording now, where the window ends: the JVM writes it to its file.
   *
   * @return the file, empty when neither the JVM nor its exit wrote it
   * @throws IOException when the JVM did not stop it and its exit did not write it either
   */
  Path stop() throws IOException {
    try {
      recorder.stopRecording(recording);
    } catch (RuntimeException e) {
      if (!java.nio.file.Files.isRegularFile(file)) {
        throw new IOException("the recording did not stop: " + e.getMessage(), e);
      }
      // the JVM ended first and wrote it on its way out
    }
    return file;
  }

  /** Closes the recording in the target (its disk copy goes) and the connection. */
  @Override
  public void close() {
    try {
      recorder.closeRecording(recording);
    } catch (IOException | RuntimeException e) {
      // the target is gone: so is the recording
    }
    try {
      connector.close();
    } catch (IOException e) {
      // a closed connection to a gone JVM
    }
  }
}
