package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.diagnostics.Diagnostics;
import io.tunelab.middleware.flow.DuplicateOrder;
import io.tunelab.middleware.flow.StageWork;
import io.tunelab.middleware.flow.Step;
import io.tunelab.middleware.soap.BackendFault;
import jakarta.jms.JMSException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one message through its stage within the thread's {@link StageTransaction}: the stage's
 * database work, the message to the next stage and the acknowledgement commit together (in the
 * order and with the guarantees of the transaction mode); a faulted order commits its fault record
 * instead of the stage's work.
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

  private final Map<Stage, Step> steps;
  private final Map<Stage, StageCounters> counters;
  private final Diagnostics diagnostics;
  private final Faults faults;

  Processor(
      Map<Stage, Step> steps,
      Map<Stage, StageCounters> counters,
      Diagnostics diagnostics,
      Faults faults) {
    this.steps = steps;
    this.counters = counters;
    this.diagnostics = diagnostics;
    this.faults = faults;
  }

  /**
   * Processes the message and ends the transaction {@code tx} (begun by the caller).
   *
   * @param lastAttempt whether a rollback would dead-letter the message (or lose it, when it was
   *     already acknowledged): then a failure is recorded as a fault
   * @param redeliverable whether the broker still holds the message (sync delivery): a failure on
   *     the last attempt is then rolled back into the dead-letter queue after it is recorded
   * @param sameTransaction more database work to commit with the stage's (e.g. marking a stored
   *     delivery done)
   * @throws JMSException when the transaction could not commit (it was rolled back)
   */
  Result process(
      Stage stage,
      String payload,
      String orderId,
      boolean lastAttempt,
      boolean redeliverable,
      StageTransaction tx,
      SqlStep sameTransaction)
      throws JMSException {
    Result result = run(stage, payload, orderId, lastAttempt, redeliverable, tx, sameTransaction);
    if (result == Result.ROLLED_BACK) {
      tx.rollback();
    } else {
      tx.commit();
    }
    StageCounters stageCounters = counters.get(stage);
    switch (result) {
      case FORWARDED -> stageCounters.forwarded.increment();
      case FAULTED -> stageCounters.faulted.increment();
      case DUPLICATE -> stageCounters.duplicates.increment();
      case ROLLED_BACK -> stageCounters.rolledBack.increment();
    }
    return result;
  }

  private Result run(
      Stage stage,
      String payload,
      String orderId,
      boolean lastAttempt,
      boolean redeliverable,
      StageTransaction tx,
      SqlStep sameTransaction)
      throws JMSException {
    StageWork work = new StageWork(stage, tx::connection, diagnostics);
    work.orderId(orderId);
    try {
      String next = steps.get(stage).handle(payload, work);
      sameTransaction.run(work.connection());
      if (next != null) {
        tx.out().send(stage.next(), next, work.orderId());
      }
      return Result.FORWARDED;
    } catch (DuplicateOrder duplicate) {
      return undoThen(tx, stage, () -> sameTransaction.run(work.connection()), Result.DUPLICATE);
    } catch (BackendFault fault) {
      return undoThen(
          tx,
          stage,
          () -> recordFault(stage, payload, work, fault.getMessage(), tx, sameTransaction),
          Result.FAULTED);
    } catch (RuntimeException | SQLException e) {
      if (lastAttempt && !redeliverable) {
        String reason = "processing failed, no redelivery possible: " + e;
        return undoThen(
            tx,
            stage,
            () -> recordFault(stage, payload, work, reason, tx, sameTransaction),
            Result.FAULTED);
      }
      if (lastAttempt) {
        // Accounted for now, in its own transaction; the rollback lets the broker dead-letter it.
        String reason = "dead-lettered after its last delivery failed: " + e;
        undoQuietly(tx, stage);
        faults.record(stage, payload, work.orderId(), reason, work.activities());
        counters.get(stage).faulted.increment();
      }
      LOG.warn("{} rolled back order {}: {}", stage.key(), work.orderId(), e.toString());
      return Result.ROLLED_BACK;
    }
  }

  /**
   * The engine's transaction failed at the broker (its connection lost or failed over: the commit
   * rolled back, or maybe went through): the message was acknowledged at hand-off, so the broker
   * cannot deliver it again. The order is faulted with the reason, in a transaction of its own with
   * {@code sameTransaction} (a stored delivery marked done, so no recovery runs it twice). Should
   * the commit have gone through, the order completes too and the run counts it DUPLICATED: loudly,
   * never lost.
   */
  void faultLostAtTheBroker(
      Stage stage, String payload, String orderId, JMSException failure, SqlStep sameTransaction) {
    String reason =
        "the broker failed while the engine's transaction sent or committed (the message was"
            + " acknowledged at hand-off, so it cannot come again): "
            + failure;
    faults.record(stage, payload, orderId, reason, List.of(), sameTransaction);
    counters.get(stage).faulted.increment();
    LOG.warn("{}: order {} faulted: {}", stage.key(), orderId, reason);
  }

  /** Drops the stage's database work, then does {@code then}; rolls back if either fails. */
  private static Result undoThen(
      StageTransaction tx, Stage stage, SqlAction then, Result onSuccess) {
    try {
      tx.undoDatabaseWork();
      then.run();
      return onSuccess;
    } catch (SQLException | RuntimeException e) {
      LOG.warn("{}: could not record the outcome, rolling back: {}", stage.key(), e.toString());
      return Result.ROLLED_BACK;
    }
  }

  /** Gives the stage's connection back before the fault takes one: one connection per thread. */
  private static void undoQuietly(StageTransaction tx, Stage stage) {
    try {
      tx.undoDatabaseWork();
    } catch (SQLException | RuntimeException e) {
      LOG.warn("{}: undoing the database work failed: {}", stage.key(), e.toString());
    }
  }

  private void recordFault(
      Stage stage,
      String payload,
      StageWork work,
      String reason,
      StageTransaction tx,
      SqlStep sameTransaction)
      throws SQLException {
    tx.beforeAcknowledge(
        connection -> {
          faults.record(connection, stage, payload, work.orderId(), reason, work.activities());
          sameTransaction.run(connection);
          return null;
        });
  }

  /** Database work on the stage's connection. */
  @FunctionalInterface
  interface SqlStep {
    SqlStep NONE = connection -> {};

    void run(Connection connection) throws SQLException;
  }

  @FunctionalInterface
  private interface SqlAction {
    void run() throws SQLException;
  }
}
