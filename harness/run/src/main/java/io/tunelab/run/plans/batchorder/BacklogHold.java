package io.tunelab.run.plans.batchorder;

import java.time.Duration;

/**
 * Backlog mode's hold on the middleware's intake: while it holds, the load tier enqueues the batch
 * and nothing of it reaches the middleware; {@link #release()} lets the whole batch in at once, so
 * the drain is timed without the load generator on the CPU. Closing an unreleased hold releases it,
 * so a failure never leaves the intake stopped.
 */
interface BacklogHold extends AutoCloseable {
  /**
   * What the intake held when it was released.
   *
   * @param queued orders waiting just before the release
   * @param deliveredWhileHeld orders that reached the middleware between the hold and the release:
   *     0 when the hold held
   * @param releasedAtMillis epoch milliseconds of the release, where the measured drain starts:
   *     taken as the release is asked, since an order can reach a consumer before the broker's or
   *     the database's answer to it is back (6 ms before, once, in a busy verify)
   */
  record Released(long queued, long deliveredWhileHeld, long releasedAtMillis) {}

  /**
   * Waits until at least {@code count} orders wait held (a send the load tier reported done is
   * stored by then; this guards against one still in flight).
   *
   * @throws IllegalStateException when they do not arrive within {@code timeout}
   */
  void awaitQueued(long count, Duration timeout) throws InterruptedException;

  /** Lets the held orders in and says what waited until then. */
  Released release();

  @Override
  void close();
}
