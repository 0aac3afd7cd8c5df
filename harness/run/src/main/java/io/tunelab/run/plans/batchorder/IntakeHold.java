package io.tunelab.run.plans.batchorder;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.QueueCounters;
import java.time.Duration;

/**
 * The backlog mode's hold on the intake queue, as the OpenMessaging Benchmark builds a backlog
 * before it times the consumers: delivery from the queue is paused on the broker (its consumers
 * stay attached and receive nothing), the load tier enqueues the batch, and {@link #release()}
 * resumes delivery, so that the drain is timed without the load generator on the CPU.
 *
 * <p>Closing resumes delivery if it is still held, so a failure never leaves the middleware's
 * intake stopped.
 */
final class IntakeHold implements BacklogHold {
  private static final long POLL_MILLIS = 50;

  private final BrokerManagement broker;
  private final String queue;
  private final QueueCounters atHold;
  private boolean held;

  private IntakeHold(BrokerManagement broker, String queue) {
    this.broker = broker;
    this.queue = queue;
    broker.pauseQueue(queue);
    this.held = true;
    this.atHold = broker.queue(queue);
  }

  /** Pauses delivery from {@code queue} of a stack's broker. */
  static IntakeHold hold(Endpoints endpoints, String queue) {
    return hold(BrokerManagement.of(endpoints), queue);
  }

  /** Pauses delivery from {@code queue} of the broker at {@code brokerUrl}, which has no users. */
  static IntakeHold hold(String brokerUrl, String queue) {
    return hold(BrokerManagement.connect(brokerUrl), queue);
  }

  private static IntakeHold hold(BrokerManagement broker, String queue) {
    try {
      return new IntakeHold(broker, queue);
    } catch (RuntimeException e) {
      broker.close();
      throw e;
    }
  }

  @Override
  public void awaitQueued(long count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long waiting;
    while ((waiting = broker.queue(queue).messageCount()) < count) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            queue + " holds " + waiting + " of the " + count + " orders sent after " + timeout);
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  /** Resumes delivery and says what the queue held until then. */
  @Override
  public Released release() {
    QueueCounters before = broker.queue(queue);
    long delivered =
        before.deliveringCount() + before.messagesAcknowledged() - atHold.messagesAcknowledged();
    long releasedAt = System.currentTimeMillis();
    broker.resumeQueue(queue);
    held = false;
    return new Released(before.messageCount(), delivered, releasedAt);
  }

  /** Pauses delivery again (after a release), e.g. to stop a warm-up's backlog. */
  void pauseAgain() {
    broker.pauseQueue(queue);
    held = true;
  }

  /** Removes what still waits on the queue; returns how many messages it removed. */
  long purge() {
    return broker.purgeQueue(queue);
  }

  @Override
  public void close() {
    try {
      if (held) {
        broker.resumeQueue(queue);
      }
    } finally {
      broker.close();
    }
  }
}
