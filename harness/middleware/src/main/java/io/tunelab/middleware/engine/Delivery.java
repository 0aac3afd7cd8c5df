package io.tunelab.middleware.engine;

import jakarta.jms.JMSException;

/** What a consumer does with a received message: the delivery policy. */
interface Delivery {
  /**
   * @param tx the receiving thread's transaction, begun before the receipt: this ends it
   */
  void deliver(Received message, StageTransaction tx) throws JMSException, InterruptedException;
}
