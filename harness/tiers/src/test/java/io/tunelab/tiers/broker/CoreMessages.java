package io.tunelab.tiers.broker;

import java.util.Optional;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

/** A core-protocol client for tests: one connection, sends and receives text messages. */
final class CoreMessages implements AutoCloseable {
  private final ServerLocator locator;
  private final ClientSessionFactory factory;

  CoreMessages(String url) throws Exception {
    locator = ActiveMQClient.createServerLocator(url).setCallTimeout(10_000);
    factory = locator.createSessionFactory();
  }

  /** A session whose acks are auto-committed and sends block until the broker has them. */
  ClientSession session() throws Exception {
    ClientSession session = factory.createSession(false, true, true);
    session.start();
    return session;
  }

  /** A transacted session: acks take effect on commit, and rollback redelivers. */
  ClientSession transactedSession() throws Exception {
    ClientSession session = factory.createSession(false, false, false);
    session.start();
    return session;
  }

  /** Sends a persistent text message and returns once the broker has it. */
  void sendPersistent(String queue, String body) throws Exception {
    try (ClientSession session = session();
        ClientProducer producer = session.createProducer(queue)) {
      ClientMessage message = session.createMessage(true);
      message.getBodyBuffer().writeString(body);
      producer.send(message);
    }
  }

  /** The body of the next message on {@code queue}, acknowledged; empty after {@code millis}. */
  Optional<String> receive(String queue, long millis) throws Exception {
    try (ClientSession session = session();
        ClientConsumer consumer = session.createConsumer(queue)) {
      ClientMessage message = consumer.receive(millis);
      if (message == null) {
        return Optional.empty();
      }
      message.acknowledge();
      return Optional.of(message.getBodyBuffer().readString());
    }
  }

  /** Whether the queue exists (tests use it to show what the broker declared). */
  boolean queueExists(String queue) throws Exception {
    try (ClientSession session = session()) {
      return session.queueQuery(SimpleString.of(queue)).isExists();
    }
  }

  @Override
  public void close() {
    factory.close();
    locator.close();
  }
}
