package io.tunelab.run.observe;

import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.FlowQueue;
import io.tunelab.tiers.broker.QueueCounters;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Queue counters from the broker's management, one call a sample. Series (label: queue): {@code
 * broker.messageCount}, {@code broker.consumerCount}, {@code broker.messagesAdded}, {@code
 * broker.messagesAcknowledged}; and {@code load.achievedPerSecond} (label: the intake queue):
 * orders the load generator put on the intake queue per second.
 */
final class BrokerSource implements Source {
  static final String INTAKE = FlowQueue.INTAKE.queue();

  private final String url;
  private final String user;
  private final String password;
  private final Map<String, long[]> lastAdded = new HashMap<>();
  private BrokerManagement management;

  BrokerSource(String url, String user, String password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  @Override
  public String name() {
    return TierName.BROKER.label();
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    if (management == null) {
      management = BrokerManagement.connect(url, user, password, Duration.ofSeconds(5));
    }
    Map<String, QueueCounters> queues;
    try {
      queues = management.queues();
    } catch (RuntimeException e) {
      close(); // reconnect on the next sample
      throw e;
    }
    for (QueueCounters q : queues.values()) {
      store.add(epochMillis, "broker.messageCount", q.name(), q.messageCount());
      store.add(epochMillis, "broker.consumerCount", q.name(), q.consumerCount());
      store.add(epochMillis, "broker.messagesAdded", q.name(), q.messagesAdded());
      store.add(epochMillis, "broker.messagesAcknowledged", q.name(), q.messagesAcknowledged());
    }
    QueueCounters intake = queues.get(INTAKE);
    if (intake != null) {
      long[] last = lastAdded.put(INTAKE, new long[] {epochMillis, intake.messagesAdded()});
      if (last != null && epochMillis > last[0]) {
        double rate = (intake.messagesAdded() - last[1]) * 1000.0 / (epochMillis - last[0]);
        store.add(epochMillis, "load.achievedPerSecond", INTAKE, rate);
      }
    }
  }

  @Override
  public void close() {
    if (management != null) {
      management.close();
      management = null;
    }
  }
}
