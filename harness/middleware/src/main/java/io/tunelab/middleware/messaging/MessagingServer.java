package io.tunelab.middleware.messaging;

import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.MiddlewareSettings.Messaging;
import io.tunelab.middleware.config.MiddlewareSettings.Navigation;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.jms.BrokerConnections;
import io.tunelab.middleware.soap.SoapClient;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The queue messaging server of the messaging study: on each of {@code messaging.queues} queues,
 * {@code messaging.dequeueThreads} dequeue threads, each logging every message in the database and
 * driving the device driver (see {@link DequeueThread}). One connection per queue, whose consumer
 * window the navigation sets: 0 for {@code first} (each receive asks the broker, which hands out
 * the highest priority first), the consumer window knob for {@code next}.
 */
public final class MessagingServer implements AutoCloseable {
  private final Messaging settings;
  private final int windowBytes;
  private final List<Connection> connections = new ArrayList<>();
  private final List<DequeueThread> dequeuers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private final MessagingCounters counters = new MessagingCounters();
  private final DeviceDriver driver;

  private MessagingServer(MiddlewareSettings settings, SoapClient driverClient) {
    this.settings = settings.messaging();
    this.windowBytes =
        this.settings.navigation() == Navigation.FIRST ? 0 : settings.consumerWindowBytes();
    this.driver = new DeviceDriver(driverClient);
  }

  /**
   * Declares the queues and starts the dequeue threads.
   *
   * @param driverClient the device driver's connection pool, closed with the server
   */
  public static MessagingServer start(
      MiddlewareSettings settings, Pool pool, SoapClient driverClient) throws Exception {
    MessagingServer server = new MessagingServer(settings, driverClient);
    try {
      MessagingQueues.declare(settings);
      server.open(settings, new MessageStore(pool));
      return server;
    } catch (Exception e) {
      server.close();
      throw e;
    }
  }

  private void open(MiddlewareSettings all, MessageStore store) throws JMSException {
    for (int n = 1; n <= settings.queues(); n++) {
      String queue = Messaging.queue(n);
      Connection connection = BrokerConnections.open(all, "tunelab-messaging-" + n, windowBytes);
      connections.add(connection);
      for (int t = 1; t <= settings.dequeueThreads(); t++) {
        Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        DequeueThread dequeuer =
            new DequeueThread(
                queue, queue, session, store, driver, counters, all.redeliveryMaxAttempts());
        dequeuers.add(dequeuer);
        Thread thread = new Thread(dequeuer, "tunelab-dequeue-" + n + "-" + t);
        thread.setDaemon(true);
        threads.add(thread);
      }
    }
    threads.forEach(Thread::start);
  }

  /** What {@code /status} shows under {@code messaging}. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    List<String> queues = new ArrayList<>();
    for (int n = 1; n <= settings.queues(); n++) {
      queues.add(Messaging.queue(n));
    }
    status.put("queues", queues);
    status.put("dequeueThreads", settings.dequeueThreads());
    status.put("navigation", settings.navigation().name().toLowerCase(java.util.Locale.ROOT));
    status.put("consumerWindowBytes", windowBytes);
    status.put("exclusive", settings.exclusive());
    status.putAll(counters.asMap());
    status.put("replyQueues", counters.replyQueues());
    status.put("driver", Map.of("calls", driver.calls(), "failures", driver.failures()));
    return status;
  }

  @Override
  public void close() {
    dequeuers.forEach(DequeueThread::stop);
    for (Thread thread : threads) {
      try {
        thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    for (Connection connection : connections) {
      try {
        connection.close();
      } catch (JMSException e) {
        // a stopping process: the broker drops the connection with it
      }
    }
    driver.close();
  }
}
