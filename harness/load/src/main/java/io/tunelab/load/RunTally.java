package io.tunelab.load;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

/**
 * Counts the samples of a run and keeps the first failure, so that the runner can say how the run
 * went without reading the JTL back; and counts the engines that ended it.
 *
 * <p>In JMeter's distributed mode the controller clones the tree once per engine ({@code
 * ClientJMeterEngine.configure}) and each engine sends its samples to its own clone ({@link
 * Remoteable}: the clone stays here, the engine gets a stub). A clone copies an element's
 * properties, not its fields, so the counts live in one {@link Counts} per run that every clone
 * finds by the id property the original was given. Run in this JVM, one instance serves all threads
 * ({@link NoThreadClone}).
 */
public final class RunTally extends AbstractTestElement
    implements SampleListener, TestStateListener, NoThreadClone, Remoteable {
  private static final long serialVersionUID = 1L;

  private static final String ID = "RunTally.id";
  private static final Map<String, Counts> RUNS = new ConcurrentHashMap<>();

  /** A run's counts, shared by the tally and its clones. */
  private static final class Counts {
    final AtomicLong samples = new AtomicLong();
    final AtomicLong failures = new AtomicLong();
    final AtomicReference<String> firstFailure = new AtomicReference<>();
    final AtomicInteger ended = new AtomicInteger();
  }

  /** For JMeter's clones; a run's tally comes from {@link #open()}. */
  public RunTally() {}

  /** A tally for one run; {@link #close()} it after the run. */
  static RunTally open() {
    RunTally tally = new RunTally();
    String id = UUID.randomUUID().toString();
    tally.setProperty(ID, id);
    RUNS.put(id, new Counts());
    return tally;
  }

  /** Forgets the run's counts: a late clone's sample counts nowhere. */
  void close() {
    RUNS.remove(getPropertyAsString(ID));
  }

  private Counts counts() {
    Counts counts = RUNS.get(getPropertyAsString(ID));
    return counts != null ? counts : new Counts();
  }

  @Override
  public void sampleOccurred(SampleEvent event) {
    Counts counts = counts();
    counts.samples.incrementAndGet();
    if (!event.getResult().isSuccessful()) {
      counts.failures.incrementAndGet();
      counts.firstFailure.compareAndSet(
          null,
          event.getResult().getSampleLabel()
              + ": "
              + event.getResult().getResponseCode()
              + " "
              + event.getResult().getResponseMessage());
    }
  }

  @Override
  public void sampleStarted(SampleEvent event) {
    // Only finished samples count.
  }

  @Override
  public void sampleStopped(SampleEvent event) {
    // Only finished samples count.
  }

  @Override
  public void testStarted() {
    // the end is what the controller waits for
  }

  @Override
  public void testStarted(String host) {
    // the end is what the controller waits for
  }

  @Override
  public void testEnded() {
    counts().ended.incrementAndGet();
  }

  /**
   * An engine ended the test. JMeter's engine tells its test listeners in the tree's order, and the
   * JTL's writer comes before this tally: once every engine said so here, the JTL holds every
   * sample.
   */
  @Override
  public void testEnded(String host) {
    counts().ended.incrementAndGet();
  }

  /**
   * Waits until {@code engines} engines have ended the test, or {@code wait} passed.
   *
   * @return whether they all did
   */
  boolean awaitEnded(int engines, Duration wait) throws InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (counts().ended.get() < engines) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /** Engines that ended the test so far. */
  int ended() {
    return counts().ended.get();
  }

  public long samples() {
    return counts().samples.get();
  }

  public long failures() {
    return counts().failures.get();
  }

  /** Label, code and message of the first failed sample; null when none failed. */
  public String firstFailure() {
    return counts().firstFailure.get();
  }
}
