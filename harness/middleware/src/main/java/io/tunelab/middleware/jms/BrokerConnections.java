package io.tunelab.middleware.jms;

import io.tunelab.middleware.config.MiddlewareSettings;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQXAConnectionFactory;

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
    return open(settings, clientName, settings.consumerWindowBytes());
  }

  /** A started connection with its own consumer window in bytes (0: no prefetch). */
  public static Connection open(MiddlewareSettings settings, String clientName, int windowBytes)
      throws JMSException {
    ActiveMQConnectionFactory factory = configure(new ActiveMQConnectionFactory(), settings);
    factory.setConsumerWindowSize(windowBytes);
    Connection connection =
        settings.brokerUser().isEmpty()
            ? factory.createConnection()
            : factory.createConnection(settings.brokerUser(), settings.brokerPassword());
    connection.setClientID(clientName + "-" + ProcessHandle.current().pid());
    connection.start();
    return connection;
  }

  /**
   * A started XA connection, for {@code transactions=xa}: its sessions join global transactions.
   */
  public static XAConnection openXa(MiddlewareSettings settings, String clientName)
      throws JMSException {
    ActiveMQXAConnectionFactory factory = configure(new ActiveMQXAConnectionFactory(), settings);
    XAConnection connection =
        settings.brokerUser().isEmpty()
            ? factory.createXAConnection()
            : factory.createXAConnection(settings.brokerUser(), settings.brokerPassword());
    connection.setClientID(clientName + "-" + ProcessHandle.current().pid());
    connection.start();
    return connection;
  }

  private static <F extends ActiveMQConnectionFactory> F configure(
      F factory, MiddlewareSettings settings) throws JMSException {
    factory.setBrokerURL(settings.brokerUrl());
    factory.setReconnectAttempts(-1);
    factory.setRetryInterval(250);
    factory.setRetryIntervalMultiplier(1.5);
    factory.setMaxRetryInterval(2000);
    factory.setConsumerWindowSize(settings.consumerWindowBytes());
    return factory;
  }
}
