package io.tunelab.middleware.flow;

/** An order id the middleware has already accepted: a redelivery or a duplicate send. */
public final class DuplicateOrder extends RuntimeException {
  public DuplicateOrder(String orderId) {
    super("order " + orderId + " was accepted before; dropping the duplicate", null, false, false);
  }
}
