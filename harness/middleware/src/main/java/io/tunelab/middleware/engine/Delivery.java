package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import jakarta.jms.JMSException;

/** What a consumer does with a received message: the delivery policy. */
interface Delivery {
  /**
   * @param messageId the JMS message id, unique per message
   * @param lastAttempt whether the broker dead-letters the message if it is rolled back again
   * @param tx the receiving thread's transaction, begun before the receipt: this ends it
   */
  void deliver(
      Stage stage,
      String messageId,
      String payload,
      String orderId,
      boolean lastAttempt,
      StageTransaction tx)
      throws JMSException, InterruptedException;
}
