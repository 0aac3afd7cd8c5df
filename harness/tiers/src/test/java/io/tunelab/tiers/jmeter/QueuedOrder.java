package io.tunelab.tiers.jmeter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

/** An order as it sits on the broker, read back with the Artemis core client. */
public record QueuedOrder(
    String orderId, String sizeClass, long enqueuedAt, boolean durable, String body) {
  private static final Pattern LINE = Pattern.compile("<OrderLine>");
  private static final Pattern PARTY = Pattern.compile("<PartyId>([^<]*)</PartyId>");
  private static final Pattern NUMBER = Pattern.compile("<OrderNumber>(\\d+)</OrderNumber>");

  public int lineCount() {
    Matcher matcher = LINE.matcher(body);
    int count = 0;
    while (matcher.find()) {
      count++;
    }
    return count;
  }

  public String partyId() {
    return group(PARTY);
  }

  public long number() {
    return Long.parseLong(group(NUMBER));
  }

  /** The body without what may differ between two runs of one seed: run tag and clock. */
  public String comparableBody(String runTag) {
    return body.replace("ORD-" + runTag + "-", "ORD-#-")
        .replace("1-N" + runTag, "1-N#")
        .replaceAll("<EnqueuedAt>\\d+</EnqueuedAt>", "")
        .replaceAll("<OrderDate>[^<]*</OrderDate>", "");
  }

  private String group(Pattern pattern) {
    Matcher matcher = pattern.matcher(body);
    if (!matcher.find()) {
      throw new AssertionError("no " + pattern + " in " + body);
    }
    return matcher.group(1);
  }

  /** Consumes every message of {@code queue}, sorted by order number. */
  public static List<QueuedOrder> drain(String url, String queue) throws Exception {
    List<QueuedOrder> orders = new ArrayList<>();
    try (ServerLocator locator = ActiveMQClient.createServerLocator(url);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession(false, true, true);
        ClientConsumer consumer = session.createConsumer(queue)) {
      session.start();
      for (ClientMessage message = consumer.receive(2_000);
          message != null;
          message = consumer.receive(500)) {
        message.acknowledge();
        orders.add(of(message));
      }
    }
    orders.sort(Comparator.comparingLong(QueuedOrder::number));
    return orders;
  }

  private static QueuedOrder of(ClientMessage message) {
    SimpleString text = message.getBodyBuffer().readNullableSimpleString();
    return new QueuedOrder(
        message.getStringProperty("tunelabOrderId"),
        message.getStringProperty("tunelabSizeClass"),
        message.getLongProperty("tunelabEnqueuedAt"),
        message.isDurable(),
        text == null ? null : text.toString());
  }
}
