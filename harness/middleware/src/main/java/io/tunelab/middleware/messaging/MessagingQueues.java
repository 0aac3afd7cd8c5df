package io.tunelab.middleware.messaging;

import io.tunelab.middleware.config.MiddlewareSettings;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;

/**
 * Declares the messaging queues on the broker before the dequeue threads attach, through the
 * broker's management address: each {@code tunelab.messages.N} is created if missing and then
 * updated to the exclusivity the settings ask for. Artemis reads a destination's {@code
 * ?exclusive=true} only when it auto-creates the queue, so a queue left by an earlier run would
 * otherwise keep its old mode.
 */
final class MessagingQueues {
  private static final String MANAGEMENT_ADDRESS = "activemq.management";

  private MessagingQueues() {}

  static void declare(MiddlewareSettings settings) throws Exception {
    try (ServerLocator locator =
            ActiveMQClient.createServerLocator(settings.brokerUrl())
                .setCallTimeout(10_000)
                .setInitialConnectAttempts(3);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session =
            factory.createSession(
                blankToNull(settings.brokerUser()),
                blankToNull(settings.brokerPassword()),
                false,
                true,
                true,
                false,
                ActiveMQClient.DEFAULT_ACK_BATCH_SIZE);
        ClientRequestor requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS)) {
      session.start();
      MiddlewareSettings.Messaging messaging = settings.messaging();
      for (int n = 1; n <= messaging.queues(); n++) {
        String json = configuration(MiddlewareSettings.Messaging.queue(n), messaging.exclusive());
        invoke(requestor, session, "createQueue", json, true);
        invoke(requestor, session, "updateQueue", json);
      }
    }
  }

  static String configuration(String queue, boolean exclusive) {
    return "{\"name\":\""
        + queue
        + "\",\"address\":\""
        + queue
        + "\",\"routing-type\":\"ANYCAST\",\"durable\":true,\"exclusive\":"
        + exclusive
        + "}";
  }

  private static void invoke(
      ClientRequestor requestor, ClientSession session, String operation, Object... parameters)
      throws Exception {
    ClientMessage request = session.createMessage(false);
    ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, operation, parameters);
    ClientMessage reply = requestor.request(request, 10_000);
    if (reply == null) {
      throw new IllegalStateException("the broker did not answer " + operation + " in 10 s");
    }
    if (!ManagementHelper.hasOperationSucceeded(reply)) {
      throw new IllegalStateException(
          "the broker refused " + operation + ": " + ManagementHelper.getResult(reply));
    }
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
