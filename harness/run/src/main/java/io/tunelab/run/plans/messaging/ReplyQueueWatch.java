package io.tunelab.run.plans.messaging;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.QueueCounters;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumers the broker counts on the queues a two-way run's replies go to, watched while the
 * clients run: a temporary reply queue lives only as long as its client's connection, so it cannot
 * be read afterwards. Which queues are reply queues the messaging server says (the queues it sent
 * replies to); the broker says how many consumers each has. Closing the watch stops it.
 */
final class ReplyQueueWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ReplyQueueWatch.class);

  /**
   * What the watch saw.
   *
   * @param queues reply queues the broker knew while the server sent replies to them
   * @param consumers the most consumers counted on them together at one look
   */
  public record Seen(int queues, int consumers) {}

  private final Endpoints endpoints;
  private final Supplier<List<String>> replyQueues;
  private final Duration every;
  private final Thread thread;
  private final Map<String, Integer> seenQueues = new HashMap<>();
  private int mostConsumers;

  private ReplyQueueWatch(Endpoints endpoints, Supplier<List<String>> replyQueues, Duration every) {
    this.endpoints = endpoints;
    this.replyQueues = replyQueues;
    this.every = every;
    this.thread = new Thread(this::watch, "reply-queue-watch");
    this.thread.setDaemon(true);
  }

  /**
   * Starts watching.
   *
   * @param replyQueues the queues the server has replied to so far (its {@code /status})
   * @param every how often to look
   */
  public static ReplyQueueWatch start(
      Endpoints endpoints, Supplier<List<String>> replyQueues, Duration every) {
    ReplyQueueWatch watch = new ReplyQueueWatch(endpoints, replyQueues, every);
    watch.thread.start();
    return watch;
  }

  private void watch() {
    try (BrokerManagement broker = BrokerManagement.of(endpoints)) {
      while (!Thread.currentThread().isInterrupted()) {
        look(broker);
        Thread.sleep(every.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.warn("reply-queue watch stopped: {}", e.toString());
    }
  }

  private void look(BrokerManagement broker) {
    List<String> names = replyQueues.get();
    if (names.isEmpty()) {
      return;
    }
    Map<String, QueueCounters> queues = broker.queues(true);
    int consumers = 0;
    synchronized (this) {
      for (String name : names) {
        QueueCounters queue = queues.get(name);
        if (queue != null) {
          seenQueues.merge(name, queue.consumerCount(), Math::max);
          consumers += queue.consumerCount();
        }
      }
      mostConsumers = Math.max(mostConsumers, consumers);
    }
  }

  /** What was seen until now. */
  public synchronized Seen seen() {
    return new Seen(seenQueues.size(), mostConsumers);
  }

  @Override
  public void close() {
    thread.interrupt();
    try {
      thread.join(Duration.ofSeconds(15).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
