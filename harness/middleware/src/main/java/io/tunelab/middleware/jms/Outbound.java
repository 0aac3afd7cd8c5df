package io.tunelab.middleware.jms;

import io.tunelab.middleware.Stage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.EnumMap;
import java.util.Map;

/**
 * Sending to the next stage within one transacted session; {@link #commit()} both acknowledges what
 * the session received and publishes what it sent.
 */
public final class Outbound implements AutoCloseable {
  /** JMS property naming the order in every message, as the batch-order plan sets it. */
  public static final String ORDER_ID = "tunelabOrderId";

  private final Session session;
  private final MessageProducer producer;
  private final Map<Stage, Queue> queues = new EnumMap<>(Stage.class);

  public Outbound(Session session, boolean persistent) throws JMSException {
    this.session = session;
    this.producer = session.createProducer(null);
    producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
    producer.setDisableMessageTimestamp(false);
    for (Stage stage : Stage.values()) {
      queues.put(stage, session.createQueue(stage.queue()));
    }
  }

  public Session session() {
    return session;
  }

  /** Sends {@code text} to {@code stage}'s queue, in the session's transaction. */
  public void send(Stage stage, String text, String orderId) throws JMSException {
    TextMessage message = session.createTextMessage(text);
    message.setStringProperty(ORDER_ID, orderId);
    producer.send(queues.get(stage), message);
  }

  public void commit() throws JMSException {
    session.commit();
  }

  public void rollback() throws JMSException {
    session.rollback();
  }

  @Override
  public void close() throws JMSException {
    session.close();
  }
}
