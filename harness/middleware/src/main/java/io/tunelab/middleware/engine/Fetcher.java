package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.db.Pool;
import jakarta.jms.JMSException;
import java.lang.management.ManagementFactory;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetcher intake, the Service Broker study's triple: every {@code pollingMillis} it picks at most
 * {@code poolSize} NEW orders from {@code order_inbox} (oldest first, {@code SKIP LOCKED}), marks
 * them PICKED, and hands them to intake one by one, {@code submitMillis} apart.
 */
final class Fetcher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Fetcher.class);

  /**
   * Claims the oldest NEW rows. The claim is a materialized CTE: written as {@code WHERE inbox_id
   * IN (SELECT ... LIMIT n FOR UPDATE SKIP LOCKED)}, the planner may rescan the subquery (a
   * semi-join over the fresh, unanalyzed rows of a released batch), and each rescan skips the rows
   * the last one locked and takes n more: polls of 23 to 39 rows at poolSize 10 were measured that
   * way.
   */
  private static final String PICK =
      "WITH claim AS MATERIALIZED (SELECT inbox_id FROM order_inbox WHERE status = 'NEW'"
          + " ORDER BY enqueued_at, inbox_id LIMIT ? FOR UPDATE SKIP LOCKED)"
          + " UPDATE order_inbox o SET status = 'PICKED', picked_at = now(), picked_by = ?"
          + " FROM claim WHERE o.inbox_id = claim.inbox_id"
          + " RETURNING o.inbox_id, o.order_id, o.payload";

  private final MiddlewareSettings.Fetcher triple;
  private final Pool pool;
  private final StageTransaction tx;
  private final Delivery delivery;
  private final String name;
  private final Thread thread;
  private final AtomicLong polls = new AtomicLong();
  private final AtomicLong emptyPolls = new AtomicLong();
  private final AtomicLong picked = new AtomicLong();
  private final AtomicLong largestBatch = new AtomicLong();
  private volatile boolean running = true;

  /**
   * @param number this fetcher's number from 1, in its name: {@code picked_by} of the rows it
   *     claims
   */
  Fetcher(
      int number,
      MiddlewareSettings.Fetcher triple,
      Pool pool,
      StageTransaction tx,
      Delivery delivery) {
    this.name = "fetcher-" + number + "@" + ManagementFactory.getRuntimeMXBean().getName();
    this.triple = triple;
    this.pool = pool;
    this.tx = tx;
    this.delivery = delivery;
    this.thread = new Thread(this::loop, "tunelab-fetcher-" + number);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void loop() {
    while (running) {
      try {
        List<Picked> batch = pick();
        for (int i = 0; i < batch.size() && running; i++) {
          if (i > 0 && triple.submitMillis() > 0) {
            Thread.sleep(triple.submitMillis());
          }
          submit(batch.get(i));
        }
        Thread.sleep(triple.pollingMillis());
      } catch (InterruptedException e) {
        return;
      } catch (JMSException | RuntimeException e) {
        LOG.warn("fetcher: {}", e.toString());
        tx.rollback();
      }
    }
  }

  private List<Picked> pick() {
    List<Picked> batch =
        pool.inTransaction(
            connection -> {
              List<Picked> rows = new ArrayList<>();
              try (PreparedStatement pick = connection.prepareStatement(PICK)) {
                pick.setInt(1, triple.poolSize());
                pick.setString(2, name);
                try (ResultSet row = pick.executeQuery()) {
                  while (row.next()) {
                    rows.add(new Picked(row.getLong(1), row.getString(2), row.getString(3)));
                  }
                }
              }
              // RETURNING keeps no order: submit them oldest first, as they were claimed
              rows.sort(java.util.Comparator.comparingLong(Picked::id));
              return rows;
            });
    polls.incrementAndGet();
    if (batch.isEmpty()) {
      emptyPolls.incrementAndGet();
    }
    picked.addAndGet(batch.size());
    largestBatch.accumulateAndGet(batch.size(), Math::max);
    return batch;
  }

  private void submit(Picked order) throws JMSException, InterruptedException {
    tx.begin();
    delivery.deliver(
        new Received(Stage.INTAKE, "inbox-" + order.id(), order.payload(), order.orderId(), true),
        tx);
    pool.inTransaction(
        connection -> {
          try (PreparedStatement done =
              connection.prepareStatement(
                  "UPDATE order_inbox SET status = 'DONE', done_at = now() WHERE inbox_id = ?")) {
            done.setLong(1, order.id());
            return done.executeUpdate();
          }
        });
  }

  /** Its name, polls so far (and how many found nothing), orders picked, its largest batch. */
  Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("name", name);
    status.put("polls", polls.get());
    status.put("emptyPolls", emptyPolls.get());
    status.put("picked", picked.get());
    status.put("largestBatch", largestBatch.get());
    return status;
  }

  /**
   * The fetchers' status together: their number, the sums of their polls, empty polls and picked
   * orders, the largest batch of any, the triple in effect and each one's own.
   */
  static Map<String, Object> status(List<Fetcher> fetchers, MiddlewareSettings.Fetcher triple) {
    List<Map<String, Object>> each = fetchers.stream().map(Fetcher::status).toList();
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("fetchers", fetchers.size());
    for (String sum : List.of("polls", "emptyPolls", "picked")) {
      status.put(sum, each.stream().mapToLong(s -> (Long) s.get(sum)).sum());
    }
    status.put(
        "largestBatch", each.stream().mapToLong(s -> (Long) s.get("largestBatch")).max().orElse(0));
    status.put("pollingMillis", triple.pollingMillis());
    status.put("submitMillis", triple.submitMillis());
    status.put("poolSize", triple.poolSize());
    status.put("each", each);
    return status;
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    tx.close();
  }

  private record Picked(long id, String orderId, String payload) {}
}
