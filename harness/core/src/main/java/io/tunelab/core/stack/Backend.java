package io.tunelab.core.stack;

import java.util.Locale;

/**
 * A simulated back-end the middleware calls, served by the mocks tier: Siebel (CRM, order-to-bill's
 * first call), BRM (billing) and the device driver the messaging server drives. Its label names it
 * in endpoints, mock folders, ports, observer series and messages; the mocks tier, the providers
 * and the run serve and check every back-end declared here alike, and its knobs are declared once
 * in {@code MocksKnobs}.
 */
public enum Backend {
  SIEBEL("Siebel", false),
  BRM("BRM", false),
  /** An external stack described before the messaging plan existed has none. */
  DRIVER("device-driver", true);

  private final String who;
  private final boolean optional;

  Backend(String who, boolean optional) {
    this.who = who;
    this.optional = optional;
  }

  /** Lower-case name: {@code siebel}, {@code brm}, {@code driver}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The back-end as the docs and messages name it: {@code Siebel}, {@code device-driver}. */
  public String who() {
    return who;
  }

  /** Whether an external stack may lack it: then only the plans that call it refuse that stack. */
  public boolean optional() {
    return optional;
  }

  /** The environment variable that gives its mock's URL to the external provider. */
  public String urlVariable() {
    return "TUNELAB_" + name() + "_URL";
  }

  /** Its mock's root URL in a stack's endpoints; empty where the stack has none. */
  public String url(Endpoints endpoints) {
    return switch (this) {
      case SIEBEL -> endpoints.siebel();
      case BRM -> endpoints.brm();
      case DRIVER -> endpoints.driver();
    };
  }
}
