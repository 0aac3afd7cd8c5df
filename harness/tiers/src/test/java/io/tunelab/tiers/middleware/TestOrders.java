package io.tunelab.tiers.middleware;

import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

/**
 * Orders as docs/order-to-bill.md describes them, built in the test (the batch-order plan builds
 * the same shape), and sent to the intake queue as JMS text messages over the core protocol.
 */
public final class TestOrders {
  /** Lines per size class, as in docs/order-to-bill.md. */
  public static int lines(String sizeClass) {
    return switch (sizeClass) {
      case "small" -> 2;
      case "medium" -> 10;
      case "large" -> 40;
      default -> throw new IllegalArgumentException(sizeClass);
    };
  }

  /** One order. */
  public record TestOrder(String id, String sizeClass, String partyId, String xml) {
    int lineCount() {
      return lines(sizeClass);
    }
  }

  private TestOrders() {}

  /**
   * {@code count} orders of one size, ids {@code ORD-<tag>-<n>}, customers from {@code parties}.
   */
  public static List<TestOrder> orders(
      String tag, String sizeClass, int count, List<String> parties) {
    List<TestOrder> orders = new ArrayList<>();
    for (int n = 1; n <= count; n++) {
      String id = String.format("ORD-%s-%06d", tag, n);
      String party = parties.get(n % parties.size());
      orders.add(new TestOrder(id, sizeClass, party, xml(id, n, sizeClass, party)));
    }
    return orders;
  }

  public static String xml(String id, int n, String sizeClass, String partyId) {
    StringBuilder xml =
        new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .append("<ListOfSalesOrder xmlns=\"http://siebel.com/SalesOrder\"><SalesOrder>")
            .append("<OrderId>")
            .append(id)
            .append("</OrderId>")
            .append("<OrderNumber>")
            .append(n)
            .append("</OrderNumber>")
            .append("<SizeClass>")
            .append(sizeClass)
            .append("</SizeClass>")
            .append("<EnqueuedAt>")
            .append(System.currentTimeMillis())
            .append("</EnqueuedAt>")
            .append("<OrderDate>2026-11-22T10:00:00Z</OrderDate>")
            .append("<PartyId>")
            .append(partyId)
            .append("</PartyId>")
            .append("<Currency>USD</Currency><Comments>test order</Comments><ListOfOrderLine>");
    for (int line = 1; line <= lines(sizeClass); line++) {
      xml.append("<OrderLine><LineId>")
          .append(id)
          .append(String.format("-L%03d", line))
          .append("</LineId><ProductId>")
          .append(String.format("1-PRD%03d", 1 + (n + line) % 60))
          .append("</ProductId><Action>Add</Action><Quantity>1</Quantity><Price>10.00</Price>")
          .append("<ListOfAttribute><Attribute><Name>Colour</Name><Value>Blue</Value>")
          .append("</Attribute></ListOfAttribute></OrderLine>");
    }
    return xml.append("</ListOfOrderLine></SalesOrder></ListOfSalesOrder>").toString();
  }

  /** Sends the orders, persistent, to {@code tunelab.intake}; returns once the broker has them. */
  public static void send(String brokerUrl, List<TestOrder> orders) throws Exception {
    try (ServerLocator locator = ActiveMQClient.createServerLocator(brokerUrl);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession();
        ClientProducer producer = session.createProducer("tunelab.intake")) {
      for (TestOrder order : orders) {
        ClientMessage message = session.createMessage(Message.TEXT_TYPE, true);
        message.getBodyBuffer().writeNullableSimpleString(SimpleString.of(order.xml()));
        message.putStringProperty("tunelabOrderId", order.id());
        message.putStringProperty("tunelabSizeClass", order.sizeClass());
        message.putLongProperty("tunelabEnqueuedAt", System.currentTimeMillis());
        producer.send(message);
      }
    }
  }
}
