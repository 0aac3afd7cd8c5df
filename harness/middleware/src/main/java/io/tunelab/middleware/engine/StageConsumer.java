package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.TextMessage;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JMS receive thread of a stage (the studies' {@code adapter.jms.receive.threads}): its own
 * transaction (session, and database connection with XA) and consumer on the stage's queue, so N of
 * them show as N consumers on the queue in the broker. Each receipt happens inside a begun
 * transaction, so that with XA the acknowledgement is part of the global transaction.
 */
final class StageConsumer implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(StageConsumer.class);
  private static final long RECEIVE_TIMEOUT_MILLIS = 250;

  private final Stage stage;
  private final StageTransaction tx;
  private final MessageConsumer consumer;
  private final Delivery delivery;
  private final StageCounters counters;
  private final int maxAttempts;
  private final Faults faults;
  private final DatabaseOutage outage;
  private volatile boolean running = true;

  /** Registers the consumer on the broker now; {@link #run()} then receives. */
  StageConsumer(
      Stage stage,
      StageTransaction tx,
      Delivery delivery,
      StageCounters counters,
      int maxAttempts,
      Faults faults,
      DatabaseOutage outage)
      throws JMSException {
    this.stage = stage;
    this.tx = tx;
    this.consumer = tx.session().createConsumer(tx.session().createQueue(stage.queue()));
    this.delivery = delivery;
    this.counters = counters;
    this.maxAttempts = maxAttempts;
    this.faults = faults;
    this.outage = outage;
  }

  @Override
  public void run() {
    while (running) {
      try {
        tx.begin();
        Message message = consumer.receive(RECEIVE_TIMEOUT_MILLIS);
        if (message != null) {
          handle(message);
        } else {
          tx.rollback();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (JMSException | RuntimeException e) {
        if (running) {
          failed(e);
        }
      }
    }
  }

  private void handle(Message message) throws JMSException, InterruptedException {
    counters.received.increment();
    int deliveryCount = message.getIntProperty("JMSXDeliveryCount");
    if (deliveryCount > 1) {
      counters.redelivered.increment();
    }
    String orderId = message.getStringProperty(Outbound.ORDER_ID);
    String payload = message instanceof TextMessage text ? text.getText() : null;
    if (payload == null) {
      payload = "";
    }
    // Core-protocol senders may leave the JMS message id empty; the order id then names it.
    String messageId = message.getJMSMessageID();
    if (messageId == null) {
      messageId = stage.queue() + ":" + orderId;
    }
    boolean lastAttempt = deliveryCount >= maxAttempts;
    try {
      delivery.deliver(new Received(stage, messageId, payload, orderId, lastAttempt), tx);
    } catch (RuntimeException e) {
      if (DatabaseOutage.isCause(e)) {
        // held, not rolled back yet: the broker's deliveries are not spent while the database is
        // gone, and a last one can still record its fault once it is back
        outage.awaitBack(stage.key() + " consumer", DatabaseOutage.HOLD);
      }
      if (lastAttempt) {
        // The broker dead-letters the message after this rollback: account for the order first.
        String reason = "dead-lettered after " + deliveryCount + " deliveries: " + e;
        faults.record(stage, payload, orderId, reason, List.of());
        counters.faulted.increment();
      }
      throw e;
    }
  }

  private void failed(Exception e) {
    // A broker restart lands here: the client reconnects by itself, the open transaction is
    // rolled back and its message comes again.
    LOG.warn("{} consumer: {}", stage.key(), e.toString());
    counters.rolledBack.increment();
    tx.rollback();
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

  void close() {
    tx.close();
  }
}
