package io.tunelab.middleware.jms;

import io.tunelab.middleware.config.MiddlewareSettings;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * Connections to Artemis that survive a broker restart: the client reconnects without end and
 * re-creates sessions and consumers; a transaction open at the failure is rolled back, so its
 * messages come again.
 */
public final class BrokerConnections {
  private BrokerConnections() {}

  /** A started connection with the settings' consumer window. */
  public static Connection open(MiddlewareSettings settings, String clientName)
      throws JMSException {
    ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(settings.brokerUrl());
    factory.setReconnectAttempts(-1);
    factory.setRetryInterval(250);
    factory.setRetryIntervalMultiplier(1.5);
    factory.setMaxRetryInterval(2000);
    factory.setConsumerWindowSize(settings.consumerWindowBytes());
    Connection connection =
        settings.brokerUser().isEmpty()
            ? factory.createConnection()
            : factory.createConnection(settings.brokerUser(), settings.brokerPassword());
    connection.setClientID(clientName + "-" + ProcessHandle.current().pid());
    connection.start();
    return connection;
  }
}
