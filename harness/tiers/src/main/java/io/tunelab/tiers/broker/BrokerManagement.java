package io.tunelab.tiers.broker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.XaBranches;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;

/**
 * Asks a running Artemis broker about itself over the core protocol's management address, as the
 * broker's own statement (not our configuration): broker attributes, address settings, queue
 * counters.
 *
 * <p>One connection and one session, reused by every call, so it is cheap enough to sample queue
 * counters every second. Calls are serialised; close it when done.
 */
public final class BrokerManagement implements AutoCloseable {
  /** The management address of tunelab's broker.xml (and of Artemis by default). */
  public static final String MANAGEMENT_ADDRESS = "activemq.management";

  /** The management resource of tunelab's broker that compacts its journals. */
  public static final String JOURNAL_CONTROL = "tunelab.journal";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int QUEUE_PAGE_SIZE = 10_000;

  private final String url;
  private final ServerLocator locator;
  private final ClientSessionFactory factory;
  private final ClientSession session;
  private final ClientRequestor requestor;
  private final long timeoutMillis;

  private BrokerManagement(
      String url,
      ServerLocator locator,
      ClientSessionFactory factory,
      ClientSession session,
      ClientRequestor requestor,
      Duration timeout) {
    this.url = url;
    this.locator = locator;
    this.factory = factory;
    this.session = session;
    this.requestor = requestor;
    this.timeoutMillis = timeout.toMillis();
  }

  /**
   * Connects to the broker at {@code url} ({@code tcp://host:port}); one attempt, no reconnects.
   *
   * @param user empty when the broker has security disabled, as tunelab's has
   * @param timeout how long one management call may take
   * @throws IllegalStateException when the broker cannot be reached
   */
  public static BrokerManagement connect(
      String url, String user, String password, Duration timeout) {
    ServerLocator locator;
    try {
      locator =
          ActiveMQClient.createServerLocator(url)
              .setCallTimeout(timeout.toMillis())
              .setInitialConnectAttempts(1)
              .setReconnectAttempts(0);
    } catch (Exception e) {
      throw new IllegalArgumentException("not a broker URL: " + url, e);
    }
    ClientSessionFactory factory = null;
    ClientSession session = null;
    try {
      factory = locator.createSessionFactory();
      session =
          factory.createSession(
              blankToNull(user),
              blankToNull(password),
              false,
              true,
              true,
              false,
              ActiveMQClient.DEFAULT_ACK_BATCH_SIZE);
      ClientRequestor requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS);
      session.start();
      return new BrokerManagement(url, locator, factory, session, requestor, timeout);
    } catch (Exception e) {
      closeQuietly(session, factory, locator);
      throw new IllegalStateException(
          "cannot open a management session on the broker at " + url + ": " + e.getMessage(), e);
    }
  }

  /**
   * Connects to a stack's broker with its credentials: the one way the harness opens a management
   * session on a stack (the embedded broker has none, an external one may).
   */
  public static BrokerManagement of(Endpoints endpoints) {
    return connect(
        endpoints.broker(),
        endpoints.brokerUser(),
        endpoints.brokerPassword(),
        Duration.ofSeconds(10));
  }

  /** Connects without credentials, for tunelab's own broker. */
  public static BrokerManagement connect(String url) {
    return connect(url, "", "", Duration.ofSeconds(10));
  }

  /**
   * A broker attribute as Artemis' {@code ActiveMQServerControl} names it, e.g. {@code version}.
   */
  public synchronized Object brokerAttribute(String attribute) {
    ClientMessage request = session.createMessage(false);
    ManagementHelper.putAttribute(request, ResourceNames.BROKER, attribute);
    return call(request, "attribute " + attribute);
  }

  /** Invokes an operation of the broker's {@code ActiveMQServerControl}. */
  public synchronized Object brokerOperation(String operation, Object... parameters) {
    ClientMessage request = session.createMessage(false);
    try {
      ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, operation, parameters);
    } catch (Exception e) {
      throw new IllegalArgumentException("cannot encode the parameters of " + operation, e);
    }
    return call(request, "operation " + operation);
  }

  /** The attributes that say how the broker stores messages, and its version. */
  public BrokerAttributes attributes() {
    return new BrokerAttributes(
        (String) brokerAttribute("version"),
        (Boolean) brokerAttribute("persistenceEnabled"),
        BrokerConfig.JournalType.valueOf((String) brokerAttribute("journalType")),
        (Boolean) brokerAttribute("journalSyncTransactional"),
        (Boolean) brokerAttribute("journalSyncNonTransactional"),
        ((Number) brokerAttribute("maxDiskUsage")).intValue(),
        ((Number) brokerAttribute("diskStoreUsage")).doubleValue());
  }

  /**
   * The address settings the broker applies to addresses matching {@code match}, as Artemis reports
   * them ({@code getAddressSettingsAsJSON}), e.g. {@code maxDeliveryAttempts}, {@code
   * redeliveryDelay}, {@code deadLetterAddress}.
   */
  public JsonNode addressSettings(String match) {
    return parse((String) brokerOperation("getAddressSettingsAsJSON", match));
  }

  /**
   * The counters of every queue in one call ({@code listQueues}), by queue name, without the
   * temporary queues (such as the one this object's replies arrive on).
   */
  public Map<String, QueueCounters> queues() {
    return queues(false);
  }

  /**
   * The counters of every queue, the temporary ones too when {@code withTemporary} (a JMS client's
   * temporary reply queues, and the management sessions' own).
   */
  public Map<String, QueueCounters> queues(boolean withTemporary) {
    String listing = (String) brokerOperation("listQueues", "", 1, QUEUE_PAGE_SIZE);
    Map<String, QueueCounters> queues = new LinkedHashMap<>();
    for (JsonNode queue : parse(listing).path("data")) {
      if (withTemporary || !queue.path("temporary").asBoolean(false)) {
        QueueCounters counters = QueueCounters.of(queue);
        queues.put(counters.name(), counters);
      }
    }
    return queues;
  }

  /**
   * Removes every message waiting on tunelab's queues (named {@code tunelab.*}, its dead letters
   * too) that hold any, so a run starts from empty queues whatever the one before it left behind.
   * Another application's queues on the same broker are never touched.
   *
   * @return messages removed, by queue
   * @throws io.tunelab.core.BadInputException when the broker does not carry tunelab's marker
   */
  public Map<String, Long> purgeQueues() {
    BrokerMarker.require(this, url);
    Map<String, Long> removed = new LinkedHashMap<>();
    for (QueueCounters queue : queues().values()) {
      if (FlowQueue.isTunelab(queue.name()) && queue.messageCount() > 0) {
        removed.put(queue.name(), queueOperationCount(queue.name(), "removeAllMessages"));
      }
    }
    return removed;
  }

  /**
   * Rolls back the prepared XA transactions the middleware left on the broker ({@link XaBranches})
   * and returns their xids (base64); another transaction manager's are left alone. Only for when no
   * middleware runs: then each belongs to one that died between the two phases, and the messages it
   * took stay invisible until it is resolved.
   *
   * @throws io.tunelab.core.BadInputException when the broker does not carry tunelab's marker
   */
  public List<String> rollbackPreparedTransactions() {
    BrokerMarker.require(this, url);
    List<String> rolledBack = new ArrayList<>();
    for (JsonNode transaction :
        parse((String) brokerOperation("listPreparedTransactionDetailsAsJSON"))) {
      String xid = transaction.path("xid_as_base64").asText("");
      boolean ours =
          XaBranches.isMiddlewares(
              transaction.path("xid_format_id").asInt(),
              transaction
                  .path("xid_global_txid")
                  .asText("")
                  .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      if (ours
          && !xid.isEmpty()
          && Boolean.TRUE.equals(brokerOperation("rollbackPreparedTransaction", xid))) {
        rolledBack.add(xid);
      }
    }
    return rolledBack;
  }

  /**
   * Compacts the broker's message and bindings journals (tunelab's broker registers the control
   * {@value #JOURNAL_CONTROL} for it; Artemis has no such operation of its own), so a repetition
   * starts from a journal that holds only live records.
   *
   * @return the message journal's data files after compacting; empty on a broker without the
   *     control (an external or stock Artemis), which is left as it is
   */
  public synchronized java.util.OptionalInt compactJournal() {
    ClientMessage request = session.createMessage(false);
    try {
      ManagementHelper.putOperationInvocation(request, JOURNAL_CONTROL, "compact");
    } catch (Exception e) {
      throw new IllegalArgumentException("cannot encode compact", e);
    }
    try {
      return java.util.OptionalInt.of(((Number) call(request, "compact")).intValue());
    } catch (IllegalStateException e) {
      if (String.valueOf(e.getMessage()).contains(JOURNAL_CONTROL)) {
        return java.util.OptionalInt.empty();
      }
      throw e;
    }
  }

  /** The message journal's data files; empty on a broker without tunelab's journal control. */
  public synchronized java.util.OptionalInt journalDataFiles() {
    ClientMessage request = session.createMessage(false);
    ManagementHelper.putAttribute(request, JOURNAL_CONTROL, "dataFiles");
    try {
      return java.util.OptionalInt.of(((Number) call(request, "attribute dataFiles")).intValue());
    } catch (IllegalStateException e) {
      if (String.valueOf(e.getMessage()).contains(JOURNAL_CONTROL)) {
        return java.util.OptionalInt.empty();
      }
      throw e;
    }
  }

  /**
   * A queue attribute as Artemis' {@code QueueControl} names it, e.g. {@code durableMessageCount}.
   */
  public synchronized Object queueAttribute(String queue, String attribute) {
    ClientMessage request = session.createMessage(false);
    ManagementHelper.putAttribute(request, ResourceNames.QUEUE + queue, attribute);
    return call(request, "attribute " + attribute + " of " + queue);
  }

  private synchronized long queueOperationCount(String queue, String operation) {
    ClientMessage request = session.createMessage(false);
    try {
      ManagementHelper.putOperationInvocation(request, ResourceNames.QUEUE + queue, operation);
    } catch (Exception e) {
      throw new IllegalArgumentException("cannot encode " + operation, e);
    }
    return ((Number) call(request, "operation " + operation + " on " + queue)).longValue();
  }

  /**
   * Stops delivery from {@code queue} to its consumers, which stay attached; messages sent to it
   * are still accepted and stored. Not persisted: a broker restart forgets it. The backlog mode
   * enqueues a batch this way, out of the middleware's sight, before the drain is timed.
   */
  public void pauseQueue(String queue) {
    queueOperation(queue, "pause");
  }

  /** Delivers from {@code queue} again after {@link #pauseQueue}; a no-op on a running queue. */
  public void resumeQueue(String queue) {
    queueOperation(queue, "resume");
  }

  /** Whether delivery from {@code queue} is paused, as the broker says. */
  public boolean queuePaused(String queue) {
    return Boolean.TRUE.equals(queueAttribute(queue, "paused"));
  }

  /**
   * Removes the messages of one of tunelab's queues that no consumer holds and returns how many it
   * removed (a message already delivered to a consumer stays with it).
   *
   * @throws IllegalArgumentException for a queue not named {@code tunelab.*}
   * @throws io.tunelab.core.BadInputException when the broker does not carry tunelab's marker
   */
  public long purgeQueue(String queue) {
    if (!FlowQueue.isTunelab(queue)) {
      throw new IllegalArgumentException(
          "tunelab purges only its own queues (" + FlowQueue.PREFIX + "*), not " + queue);
    }
    BrokerMarker.require(this, url);
    return queueOperationCount(queue, "removeAllMessages");
  }

  private synchronized void queueOperation(String queue, String operation) {
    ClientMessage request = session.createMessage(false);
    try {
      ManagementHelper.putOperationInvocation(request, ResourceNames.QUEUE + queue, operation);
    } catch (Exception e) {
      throw new IllegalArgumentException("cannot encode " + operation, e);
    }
    call(request, "operation " + operation + " on " + queue);
  }

  /** The counters of one queue; the queue must exist. */
  public QueueCounters queue(String name) {
    QueueCounters counters = queues().get(name);
    if (counters == null) {
      throw new IllegalArgumentException("the broker has no queue named " + name);
    }
    return counters;
  }

  private Object call(ClientMessage request, String what) {
    ClientMessage reply;
    try {
      reply = requestor.request(request, timeoutMillis);
    } catch (Exception e) {
      throw new IllegalStateException(
          "management " + what + " on the broker at " + url + " failed: " + e.getMessage(), e);
    }
    if (reply == null) {
      throw new IllegalStateException(
          "the broker at "
              + url
              + " did not answer management "
              + what
              + " within "
              + timeoutMillis
              + " ms");
    }
    Object result = result(reply);
    if (!ManagementHelper.hasOperationSucceeded(reply)) {
      throw new IllegalStateException(
          "the broker at " + url + " refused management " + what + ": " + result);
    }
    return result;
  }

  private static Object result(ClientMessage reply) {
    try {
      return ManagementHelper.getResult(reply);
    } catch (Exception e) {
      throw new IllegalStateException("cannot decode a management reply: " + e.getMessage(), e);
    }
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the broker answered malformed JSON: " + json, e);
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  @Override
  public synchronized void close() {
    try {
      requestor.close();
    } catch (Exception e) {
      // The session below goes anyway.
    }
    closeQuietly(session, factory, locator);
  }

  private static void closeQuietly(
      ClientSession session, ClientSessionFactory factory, ServerLocator locator) {
    try {
      if (session != null) {
        session.close();
      }
    } catch (Exception e) {
      // Closing after a failure: the connection is already gone.
    }
    if (factory != null) {
      factory.close();
    }
    locator.close();
  }
}
