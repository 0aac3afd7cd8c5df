package io.tunelab.run.observe;

import io.tunelab.core.measure.JfrProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One JVM tier's JDK Flight Recorder recording of a repetition ({@code middleware.jvm.jfr}, {@code
 * broker.jvm.jfr}, {@code mocks.jvm.jfr}): prepared as the observer starts; started then when it
 * records collections only (the warm-up's pauses too, each with its phase), else when the measured
 * window starts; stopped, written by the JVM into the observer's folder and read when the observer
 * stops. A tier that cannot be recorded (no JVM, refused) leaves its failure among the observer's
 * errors and the run goes on.
 */
final class TierRecording {
  private static final String JFR = "jfr";

  /**
   * A stopped recording: its file, the seconds it recorded, and whether the JVM's recorder was on
   * since the JVM's start.
   */
  record Recorded(Path file, double seconds, boolean warm) {}

  private final String tier;
  private final String settings;
  private final String file;
  private final ObserverErrors errors;
  private final Optional<JfrRecorder> recorder;

  private TierRecording(
      String tier,
      String settings,
      String file,
      ObserverErrors errors,
      Optional<JfrRecorder> recorder) {
    this.tier = tier;
    this.settings = settings;
    this.file = file;
    this.errors = errors;
    this.recorder = recorder;
  }

  /**
   * Attaches to the tier's first process and prepares its recording into {@code dir/file}.
   *
   * @param settings {@code gc}, {@code default} or {@code profile}
   */
  static TierRecording prepare(
      String tier,
      String settings,
      String file,
      Path dir,
      Supplier<List<ProcessHandle>> processes,
      ObserverErrors errors) {
    Optional<ProcessHandle> jvm =
        Optional.ofNullable(processes).flatMap(p -> p.get().stream().findFirst());
    if (jvm.isEmpty()) {
      errors.record(JFR, new IllegalStateException("no " + tier + " JVM to record"));
      return new TierRecording(tier, settings, file, errors, Optional.empty());
    }
    try {
      return new TierRecording(
          tier,
          settings,
          file,
          errors,
          Optional.of(JfrRecorder.prepare(jvm.get().pid(), settings, dir.resolve(file))));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return new TierRecording(tier, settings, file, errors, Optional.empty());
    }
  }

  String tier() {
    return tier;
  }

  /** Whether it records collections only, from the observer's start. */
  boolean collectionsOnly() {
    return JfrRecorder.GC.equals(settings);
  }

  /** Starts recording now, unless it already does (or cannot). */
  void start() {
    recorder
        .filter(r -> !r.started())
        .ifPresent(
            r -> {
              try {
                r.start();
              } catch (IOException e) {
                errors.record(JFR, e);
              }
            });
  }

  /**
   * Stops the recording, which the JVM writes into the folder; empty (and the failure among the
   * errors) when it did not record or was not written.
   */
  Optional<Recorded> stop() {
    if (recorder.isEmpty()) {
      return Optional.empty();
    }
    try (JfrRecorder recording = recorder.get()) {
      if (!recording.started()) {
        return Optional.empty();
      }
      double seconds = recording.seconds();
      return Optional.of(new Recorded(recording.stop(), seconds, recording.warm()));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }

  /** The recording's collections over the window; empty when it cannot be read. */
  Optional<GcReport> gc(Recorded recorded, Window window) {
    try {
      return Optional.of(
          new GcReport(
              tier,
              new GcReport.Recording(file, recorded.warm()),
              GcPauses.read(recorded.file()),
              window));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }

  /**
   * The recorded window summed up into {@code summary}; empty when it records collections only or
   * the summing up fails.
   */
  Optional<JfrProfile> profile(Recorded recorded, Path summary) {
    if (collectionsOnly()) {
      return Optional.empty();
    }
    try {
      JfrProfile profile = JfrReader.read(recorded.file(), file, settings, recorded.seconds());
      ObservationWriter.writeProfile(summary, profile);
      return Optional.of(profile);
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }
}
