package io.tunelab.middleware.engine;

import jakarta.jms.JMSException;

/**
 * {@code async.cache}: the message is handed to the engine in memory and acknowledged at once.
 * Fastest hand-off; a crash loses what the engine held, and a failure cannot be redelivered, so it
 * is recorded as a fault.
 */
final class CacheDelivery extends EngineDelivery {
  CacheDelivery(Processor processor, Engine engine, DatabaseOutage outage) {
    super(processor, engine, outage);
  }

  @Override
  public void deliver(Received message, StageTransaction tx)
      throws JMSException, InterruptedException {
    handOff(message.stage(), message.payload(), message.orderId(), Processor.SqlStep.NONE);
    tx.commit();
  }
}
