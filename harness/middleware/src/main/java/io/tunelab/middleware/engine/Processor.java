package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.diagnostics.Diagnostics;
import io.tunelab.middleware.flow.DuplicateOrder;
import io.tunelab.middleware.flow.StageWork;
import io.tunelab.middleware.flow.Step;
import io.tunelab.middleware.jms.Outbound;
import io.tunelab.middleware.soap.BackendFault;
import jakarta.jms.JMSException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one message through its stage in one database transaction and one JMS transaction. The JMS
 * transaction (acknowledge + send to the next stage) commits first, then the database: a failure
 * between the two loses database rows of an order that goes on, never the order itself. That gap is
 * what the local transaction mode accepts.
 */
final class Processor {
  private static final Logger LOG = LoggerFactory.getLogger(Processor.class);

  /** How a message ended. */
  enum Result {
    FORWARDED,
    FAULTED,
    DUPLICATE,
    /** Rolled back: the message comes again (or goes to the dead-letter queue). */
    ROLLED_BACK
  }

  private final Pool pool;
  private final Map<Stage, Step> steps;
  private final Map<Stage, StageCounters> counters;
  private final Diagnostics diagnostics;
  private final Faults faults;

  Processor(
      Pool pool,
      Map<Stage, Step> steps,
      Map<Stage, StageCounters> counters,
      Diagnostics diagnostics,
      Faults faults) {
    this.pool = pool;
    this.steps = steps;
    this.counters = counters;
    this.diagnostics = diagnostics;
    this.faults = faults;
  }

  /**
   * @param lastAttempt whether a rollback would dead-letter the message (or lose it, when it was
   *     already acknowledged): then a failure is recorded as a fault
   * @param redeliverable whether the broker still holds the message (sync delivery): a failure on
   *     the last attempt is then rolled back into the dead-letter queue after it is recorded
   * @param sameTransaction more database work to commit with the stage's (e.g. marking a stored
   *     delivery done)
   */
  Result process(
      Stage stage,
      String payload,
      String orderId,
      boolean lastAttempt,
      boolean redeliverable,
      Outbound out,
      SqlStep sameTransaction)
      throws JMSException {
    StageCounters stageCounters = counters.get(stage);
    try (Connection connection = pool.connection()) {
      connection.setAutoCommit(false);
      StageWork work = new StageWork(stage, connection, diagnostics);
      work.orderId(orderId);
      try {
        String next = steps.get(stage).handle(payload, work);
        if (next != null) {
          out.send(stage.next(), next, work.orderId());
        }
        sameTransaction.run(connection);
        out.commit();
        commitAfterJms(connection, work.orderId());
        stageCounters.forwarded.increment();
        return Result.FORWARDED;
      } catch (DuplicateOrder duplicate) {
        connection.rollback();
        sameTransaction.run(connection);
        connection.commit();
        out.commit();
        stageCounters.duplicates.increment();
        return Result.DUPLICATE;
      } catch (BackendFault fault) {
        connection.rollback();
        return fault(stage, payload, work, fault.getMessage(), out, sameTransaction);
      } catch (RuntimeException | SQLException e) {
        connection.rollback();
        if (lastAttempt && !redeliverable) {
          String reason = "processing failed, no redelivery possible: " + e;
          return fault(stage, payload, work, reason, out, sameTransaction);
        }
        if (lastAttempt) {
          // Accounted for now; the rollback below lets the broker dead-letter the message.
          String reason = "dead-lettered after its last delivery failed: " + e;
          faults.record(stage, payload, work.orderId(), reason, work.activities());
          stageCounters.faulted.increment();
        }
        LOG.warn("{} rolled back order {}: {}", stage.key(), work.orderId(), e.toString());
        out.rollback();
        stageCounters.rolledBack.increment();
        return Result.ROLLED_BACK;
      }
    } catch (SQLException e) {
      LOG.warn("{}: no database connection: {}", stage.key(), e.toString());
      out.rollback();
      stageCounters.rolledBack.increment();
      return Result.ROLLED_BACK;
    }
  }

  private Result fault(
      Stage stage,
      String payload,
      StageWork work,
      String reason,
      Outbound out,
      SqlStep sameTransaction)
      throws JMSException {
    faults.record(stage, payload, work.orderId(), reason, work.activities());
    pool.inTransaction(
        connection -> {
          sameTransaction.run(connection);
          return null;
        });
    out.commit();
    counters.get(stage).faulted.increment();
    return Result.FAULTED;
  }

  private static void commitAfterJms(Connection connection, String orderId) {
    try {
      connection.commit();
    } catch (SQLException e) {
      LOG.error("order {} went on but its database rows were lost: {}", orderId, e.toString());
    }
  }

  /** Database work on the stage's connection. */
  @FunctionalInterface
  interface SqlStep {
    SqlStep NONE = connection -> {};

    void run(Connection connection) throws SQLException;
  }
}
