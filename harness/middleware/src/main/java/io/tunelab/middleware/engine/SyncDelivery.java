package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.jms.Outbound;
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
      Outbound out)
      throws JMSException {
    processor.process(stage, payload, orderId, lastAttempt, true, out, Processor.SqlStep.NONE);
  }
}
