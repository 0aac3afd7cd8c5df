package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;

/**
 * A message a stage received, as a delivery policy sees it.
 *
 * @param messageId the JMS message id, unique per message
 * @param lastAttempt whether the broker dead-letters the message if it is rolled back again
 */
record Received(
    Stage stage, String messageId, String payload, String orderId, boolean lastAttempt) {}
