package io.tunelab.run.observe;

import io.tunelab.core.knobs.Jfr;
import java.io.IOException;

/**
 * The JDK Flight Recorder switched on in a JVM for its whole life, right after it starts: the
 * recorder's own start (its code compiled, the JVM's management agent loaded to reach it) cost the
 * middleware about one repetition's worth of CPU in the first window that recorded it (a 705-order
 * window at 67 ms of middleware CPU per order against 16 in the nine after it,
 * benchmarks/jfr-overhead.yaml), so it is paid in the warm-up, which judges the JVM with its
 * recorder on. Each repetition's own recording ({@link RunObserver}) then starts on a warm recorder
 * with the same settings.
 */
public final class JvmRecording {
  private JvmRecording() {}

  /**
   * Starts recording JVM {@code pid} with the settings of {@code level} until it exits; nothing
   * when the level is off.
   *
   * @throws IOException when the JVM cannot be attached to or refuses to record
   */
  public static void start(long pid, Jfr level) throws IOException {
    if (level != Jfr.OFF) {
      JfrRecorder.recordForLife(pid, level.label());
    }
  }
}
