package io.tunelab.core.stack;

import java.util.Locale;

/**
 * A simulated back-end the middleware calls, served by the mocks tier: Siebel (CRM, order-to-bill's
 * first call) and BRM (billing). Its label names it in endpoints, mock folders, observer series and
 * messages.
 */
public enum Backend {
  SIEBEL,
  BRM;

  /** Lower-case name: {@code siebel}, {@code brm}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Its mock's root URL in a stack's endpoints. */
  public String url(Endpoints endpoints) {
    return this == SIEBEL ? endpoints.siebel() : endpoints.brm();
  }
}
