package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.JMSException;

/** What a consumer does with a received message: the delivery policy. */
interface Delivery {
  /**
   * @param messageId the JMS message id, unique per message
   * @param lastAttempt whether the broker dead-letters the message if it is rolled back again
   * @param out the consumer's session: its commit acknowledges the message
   */
  void deliver(
      Stage stage,
      String messageId,
      String payload,
      String orderId,
      boolean lastAttempt,
      Outbound out)
      throws JMSException, InterruptedException;
}
