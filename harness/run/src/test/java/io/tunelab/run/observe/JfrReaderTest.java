package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.JfrProfile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real recording of this JVM with the JDK's default settings, of work whose shape is known: a
 * monitor held for 60 ms at a time while another thread waits for it, a method that spins, arrays
 * allocated by the megabyte and collections asked for.
 */
class JfrReaderTest {
  /** The monitor's class, so the profile can name it. */
  static final class ContendedLock {}

  private static final ContendedLock LOCK = new ContendedLock();
  private static volatile long sink;
  private static final List<byte[]> KEPT = new ArrayList<>();

  @Test
  void aRecordingIsSummedIntoHotMethodsMonitorsAllocationsAndHeapPerGeneration(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("window.jfr");
    try (Recording recording = new Recording(Configuration.getConfiguration("default"))) {
      recording.start();
      contend();
      spin(Duration.ofMillis(800));
      for (int i = 0; i < 64; i++) {
        KEPT.add(new byte[1024 * 1024]);
      }
      System.gc();
      KEPT.clear();
      System.gc();
      recording.stop();
      recording.dump(file);
    }

    JfrProfile profile = JfrReader.read(file, "window.jfr", "default", 1.5);

    assertThat(profile.file()).isEqualTo("window.jfr");
    assertThat(profile.settings()).isEqualTo("default");
    assertThat(profile.monitors())
        .first()
        .satisfies(
            m -> {
              assertThat(m.monitorClass()).isEqualTo(ContendedLock.class.getName());
              assertThat(m.site()).startsWith(JfrReaderTest.class.getName() + ".lambda$contend");
              assertThat(m.waits()).isPositive();
              assertThat(m.maxMillis()).isGreaterThanOrEqualTo(20); // the settings' threshold
            });
    assertThat(profile.hotMethods()).isNotEmpty();
    assertThat(profile.hotMethods())
        .anySatisfy(h -> assertThat(h.method()).isEqualTo(JfrReaderTest.class.getName() + ".spin"));
    assertThat(profile.hotMethods().stream().mapToDouble(JfrProfile.HotMethod::percent).sum())
        .isBetween(0.0, 100.0001);
    assertThat(profile.allocations())
        .anySatisfy(a -> assertThat(a.objectClass()).isEqualTo("byte[]"));
    assertThat(profile.gc().count()).isGreaterThanOrEqualTo(2);
    assertThat(profile.gc().pauseTotalMillis()).isPositive();
    assertThat(profile.gc().pauseMaxMillis()).isLessThanOrEqualTo(profile.gc().pauseTotalMillis());
    assertThat(profile.heap()).containsKeys("young", "old", "total");
    JfrProfile.HeapAfterGc old = profile.heap().get("old");
    // 64 MB kept through the first collection, dropped by the second
    assertThat(old.maxMegabytes()).isGreaterThanOrEqualTo(64);
    assertThat(old.lastMegabytes()).isLessThan(old.maxMegabytes() - 32);
  }

  @Test
  void classesReadAsJavaSpellsThem() {
    assertThat(JfrReader.readable("[B")).isEqualTo("byte[]");
    assertThat(JfrReader.readable("[[Ljava.lang.String;")).isEqualTo("java.lang.String[][]");
    assertThat(JfrReader.readable("java.util.HashMap$Node")).isEqualTo("java.util.HashMap$Node");
  }

  /** Another thread waits for the monitor this one holds for 60 ms, three times. */
  private static void contend() throws InterruptedException {
    for (int round = 0; round < 3; round++) {
      CountDownLatch held = new CountDownLatch(1);
      Thread waiter;
      synchronized (LOCK) {
        waiter =
            new Thread(
                () -> {
                  held.countDown();
                  synchronized (LOCK) {
                    sink++;
                  }
                });
        waiter.start();
        held.await();
        Thread.sleep(60);
      }
      waiter.join();
    }
  }

  /** Pure Java work (no native call, where JFR's execution sampler cannot see a thread). */
  private static void spin(Duration duration) {
    long end = System.currentTimeMillis() + duration.toMillis();
    long x = 1;
    while (System.currentTimeMillis() < end) {
      for (int i = 0; i < 1_000_000; i++) {
        x = x * 31 + (x >>> 7) + i;
      }
    }
    sink = x;
  }
}
