package io.tunelab.middleware.engine;

import jakarta.jms.JMSException;

/** {@code sync}: the consumer thread processes the message in its own transaction. */
final class SyncDelivery implements Delivery {
  private final Processor processor;

  SyncDelivery(Processor processor) {
    this.processor = processor;
  }

  @Override
  public void deliver(Received message, StageTransaction tx) throws JMSException {
    processor.process(
        message.stage(),
        message.payload(),
        message.orderId(),
        message.lastAttempt(),
        true,
        tx,
        Processor.SqlStep.NONE);
  }
}
