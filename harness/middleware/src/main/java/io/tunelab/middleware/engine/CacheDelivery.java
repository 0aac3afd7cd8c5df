package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import jakarta.jms.JMSException;

/**
 * {@code async.cache}: the message is handed to the engine in memory and acknowledged at once.
 * Fastest hand-off; a crash loses what the engine held, and a failure cannot be redelivered, so it
 * is recorded as a fault.
 */
final class CacheDelivery implements Delivery {
  private final Processor processor;
  private final Engine engine;

  CacheDelivery(Processor processor, Engine engine) {
    this.processor = processor;
    this.engine = engine;
  }

  @Override
  public void deliver(
      Stage stage,
      String messageId,
      String payload,
      String orderId,
      boolean lastAttempt,
      StageTransaction tx)
      throws JMSException, InterruptedException {
    engine.submit(
        engineTx ->
            processor.process(
                stage, payload, orderId, true, false, engineTx, Processor.SqlStep.NONE));
    tx.commit();
  }
}
