package io.tunelab.core.stack;

import java.util.Locale;

/**
 * A simulated back-end the middleware calls, served by the mocks tier: Siebel (CRM, order-to-bill's
 * first call), BRM (billing) and the device driver the messaging server drives. Its label names it
 * in endpoints, mock folders, observer series and messages.
 */
public enum Backend {
  SIEBEL,
  BRM,
  DRIVER;

  /** Lower-case name: {@code siebel}, {@code brm}, {@code driver}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Its mock's root URL in a stack's endpoints. */
  public String url(Endpoints endpoints) {
    return switch (this) {
      case SIEBEL -> endpoints.siebel();
      case BRM -> endpoints.brm();
      case DRIVER -> endpoints.driver();
    };
  }
}
