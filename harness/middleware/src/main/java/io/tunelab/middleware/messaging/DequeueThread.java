package io.tunelab.middleware.messaging;

import io.tunelab.middleware.messaging.MessageStore.Status;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One dequeue thread of the messaging server: its own transacted session and consumer on one queue
 * (so N of them show as N consumers on that queue in the broker). Per message: log it and its
 * status, drive the device, record the outcome, answer a two-way message on its {@code JMSReplyTo},
 * then commit the receipt. A driver fault is an outcome (FAILED, with the reason, and a FAILED
 * reply), not a rollback; anything else rolls the receipt back, and on the broker's last delivery
 * attempt the message is recorded FAILED first so that it stays accounted for.
 */
final class DequeueThread implements Runnable {
  /** Properties the messaging plan's clients set on each message. */
  static final String CLIENT_MESSAGE_ID = "clientMessageId";

  static final String DEVICE_ID = "deviceId";

  /** Property of a reply: DRIVEN or FAILED. */
  static final String REPLY_STATUS = "status";

  private static final Logger LOG = LoggerFactory.getLogger(DequeueThread.class);
  private static final long RECEIVE_TIMEOUT_MILLIS = 250;

  private final String queue;
  private final Session session;
  private final MessageConsumer consumer;
  private final MessageProducer replies;
  private final MessageStore store;
  private final DeviceDriver driver;
  private final MessagingCounters counters;
  private final int maxAttempts;
  private volatile boolean running = true;

  /** Registers the consumer on the broker now; {@link #run()} then receives. */
  DequeueThread(
      String queue,
      String destination,
      Session session,
      MessageStore store,
      DeviceDriver driver,
      MessagingCounters counters,
      int maxAttempts)
      throws JMSException {
    this.queue = queue;
    this.session = session;
    this.consumer = session.createConsumer(session.createQueue(destination));
    this.replies = session.createProducer(null);
    this.store = store;
    this.driver = driver;
    this.counters = counters;
    this.maxAttempts = maxAttempts;
  }

  @Override
  public void run() {
    while (running) {
      try {
        Message message = consumer.receive(RECEIVE_TIMEOUT_MILLIS);
        if (message != null) {
          handle(message);
          session.commit();
        }
      } catch (JMSException | RuntimeException e) {
        if (running) {
          rollBack(e);
        }
      }
    }
  }

  private void handle(Message message) throws JMSException {
    counters.received.increment();
    if (message.getJMSDeliveryMode() == DeliveryMode.PERSISTENT) {
      counters.persistent.increment();
    } else {
      counters.nonPersistent.increment();
    }
    String clientId = message.getStringProperty(CLIENT_MESSAGE_ID);
    if (clientId == null) {
      clientId = message.getJMSMessageID();
    }
    String body =
        message instanceof TextMessage text && text.getText() != null ? text.getText() : "";
    try {
      process(message, clientId, body);
    } catch (RuntimeException e) {
      if (message.getIntProperty("JMSXDeliveryCount") >= maxAttempts) {
        // The broker dead-letters it after this rollback: account for it first.
        failedForGood(clientId, body, message, e);
      }
      throw e;
    }
  }

  private void process(Message message, String clientId, String body) throws JMSException {
    MessageStore.Logged logged =
        store.received(clientId, queue, body, message.getJMSTimestamp(), message.getJMSPriority());
    if (logged.finished()) {
      counters.duplicates.increment();
      return;
    }
    long messageId = logged.id();
    String device = message.getStringProperty(DEVICE_ID);
    List<Status> statuses = new ArrayList<>();
    String reason = null;
    try {
      driver.drive(messageId, device == null ? "unknown" : device, body);
      statuses.add(Status.DRIVEN);
    } catch (io.tunelab.middleware.soap.BackendFault e) {
      statuses.add(Status.FAILED);
      reason = e.getMessage();
    }
    Destination replyTo = message.getJMSReplyTo();
    if (replyTo != null) {
      reply(message, replyTo, messageId, statuses.get(0), reason);
      if (reason == null) {
        statuses.add(Status.REPLIED);
      }
    }
    store.finished(messageId, statuses, reason);
    if (reason == null) {
      counters.driven.increment();
      if (replyTo != null) {
        counters.replied.increment();
      }
    } else {
      counters.failed.increment();
    }
  }

  private void reply(
      Message request, Destination replyTo, long messageId, Status status, String reason)
      throws JMSException {
    TextMessage reply =
        session.createTextMessage(
            status == Status.FAILED ? "FAILED " + reason : "DRIVEN " + messageId);
    String correlation = request.getJMSCorrelationID();
    reply.setJMSCorrelationID(correlation != null ? correlation : request.getJMSMessageID());
    reply.setStringProperty(REPLY_STATUS, status.name());
    replies.send(
        replyTo,
        reply,
        request.getJMSDeliveryMode(),
        request.getJMSPriority(),
        jakarta.jms.Message.DEFAULT_TIME_TO_LIVE);
    counters.repliedOn(
        replyTo instanceof jakarta.jms.Queue queue ? queue.getQueueName() : replyTo.toString());
  }

  private void failedForGood(String clientId, String body, Message message, RuntimeException e) {
    try {
      MessageStore.Logged logged =
          store.received(
              clientId, queue, body, message.getJMSTimestamp(), message.getJMSPriority());
      if (!logged.finished()) {
        store.finished(
            logged.id(),
            List.of(Status.FAILED),
            "dead-lettered after " + maxAttempts + " deliveries: " + e);
        counters.failed.increment();
      }
    } catch (JMSException | RuntimeException again) {
      LOG.error("{}: cannot record the dead-lettered message {}: {}", queue, clientId, again);
    }
  }

  private void rollBack(Exception e) {
    LOG.warn("{} dequeue thread: {}", queue, e.toString());
    counters.rolledBack.increment();
    try {
      session.rollback();
    } catch (JMSException again) {
      // the session is gone with its connection; the client reconnects by itself
    }
    try {
      Thread.sleep(RECEIVE_TIMEOUT_MILLIS);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  void stop() {
    running = false;
  }
}
