package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;

/**
 * What the asynchronous delivery policies share: the stage's work runs later on an engine thread,
 * in a transaction of its own, as the last attempt (the message is already acknowledged, so a
 * failure is a fault, never a redelivery).
 */
abstract class EngineDelivery implements Delivery {
  private final Processor processor;
  private final Engine engine;

  EngineDelivery(Processor processor, Engine engine) {
    this.processor = processor;
    this.engine = engine;
  }

  /**
   * Hands the stage's work to the engine.
   *
   * @param sameTransaction what else the engine's transaction does with the stage's work
   */
  final void handOff(Stage stage, String payload, String orderId, Processor.SqlStep sameTransaction)
      throws InterruptedException {
    engine.submit(
        engineTx ->
            processor.process(stage, payload, orderId, true, false, engineTx, sameTransaction));
  }
}
