package io.tunelab.load;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * Counts the samples of a run and keeps the first failure, so that the runner can say how the run
 * went without reading the JTL back. One instance for all threads ({@link NoThreadClone}).
 */
public final class RunTally extends AbstractTestElement implements SampleListener, NoThreadClone {
  private static final long serialVersionUID = 1L;

  private final AtomicLong samples = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();

  @Override
  public void sampleOccurred(SampleEvent event) {
    samples.incrementAndGet();
    if (!event.getResult().isSuccessful()) {
      failures.incrementAndGet();
      firstFailure.compareAndSet(
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

  public long samples() {
    return samples.get();
  }

  public long failures() {
    return failures.get();
  }

  /** Label, code and message of the first failed sample; null when none failed. */
  public String firstFailure() {
    return firstFailure.get();
  }
}
