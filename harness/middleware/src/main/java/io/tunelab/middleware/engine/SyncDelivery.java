package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import jakarta.jms.JMSException;

/** {@code sync}: the consumer thread processes the message in its own transaction. */
final class SyncDelivery implements Delivery {
  private final Processor processor;

  SyncDelivery(Processor processor) {
    this.processor = processor;
  }

  @Override
  public void deliver(
      Stage stage,
      String messageId,
      String payload,
      String orderId,
      boolean lastAttempt,
      StageTransaction tx)
      throws JMSException {
    processor.process(stage, payload, orderId, lastAttempt, true, tx, Processor.SqlStep.NONE);
  }
}
