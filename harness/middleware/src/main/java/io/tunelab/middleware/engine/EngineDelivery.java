package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the asynchronous delivery policies share: the stage's work runs later on an engine thread,
 * in a transaction of its own, as the last attempt (the message is already acknowledged, so a
 * failure is a fault, never a redelivery).
 *
 * <p>One failure is not the order's: when not even its fault could be recorded (the database is
 * gone: killed, restarting, unreachable), the broker cannot deliver the message again, so the
 * engine thread holds the order until the database answers and tries again ({@link
 * DatabaseOutage}): given up at once, it was lost (with async.persist its row waited for the next
 * start's recovery; with async.cache it was gone). The consumers block on the full engine
 * meanwhile, so the broker's queues hold the rest. A failure at the broker (its connection lost
 * mid-transaction) faults the order with the reason instead: the broker cannot give it back, and a
 * retry could send it on twice.
 */
abstract class EngineDelivery implements Delivery {
  private static final Logger LOG = LoggerFactory.getLogger(EngineDelivery.class);

  private final Processor processor;
  private final Engine engine;
  private final DatabaseOutage outage;

  EngineDelivery(Processor processor, Engine engine, DatabaseOutage outage) {
    this.processor = processor;
    this.engine = engine;
    this.outage = outage;
  }

  /**
   * Hands the stage's work to the engine.
   *
   * @param sameTransaction what else the engine's transaction does with the stage's work
   */
  final void handOff(Stage stage, String payload, String orderId, Processor.SqlStep sameTransaction)
      throws InterruptedException {
    handOff(stage, payload, orderId, sameTransaction, () -> {});
  }

  /**
   * Hands the stage's work to the engine; {@code finished} runs once the engine is done with it
   * (processed, faulted or given up), or at once when it could not be handed off.
   */
  final void handOff(
      Stage stage,
      String payload,
      String orderId,
      Processor.SqlStep sameTransaction,
      Runnable finished)
      throws InterruptedException {
    try {
      engine.submit(
          engineTx -> {
            try {
              attempt(stage, payload, orderId, sameTransaction, engineTx);
            } finally {
              finished.run();
            }
          });
    } catch (InterruptedException | RuntimeException e) {
      finished.run();
      throw e;
    }
  }

  private void attempt(
      Stage stage,
      String payload,
      String orderId,
      Processor.SqlStep sameTransaction,
      StageTransaction engineTx)
      throws jakarta.jms.JMSException {
    for (int attempt = 1; ; attempt++) {
      Processor.Result result;
      try {
        result = processor.process(stage, payload, orderId, true, false, engineTx, sameTransaction);
      } catch (jakarta.jms.JMSException atTheBroker) {
        engineTx.rollback();
        processor.faultLostAtTheBroker(stage, payload, orderId, atTheBroker, sameTransaction);
        return;
      }
      if (result != Processor.Result.ROLLED_BACK) {
        if (attempt > 1) {
          LOG.info("{}: order {} went through at attempt {}", stage.key(), orderId, attempt);
        }
        return;
      }
      if (!engine.running()
          || !outage.awaitBack(stage.key() + " order " + orderId, DatabaseOutage.HOLD)) {
        LOG.error(
            "{}: order {} neither processed nor faulted after {} attempts: the database did not"
                + " come back; it is not in the broker any more",
            stage.key(),
            orderId,
            attempt);
        return;
      }
      engineTx.begin();
    }
  }
}
