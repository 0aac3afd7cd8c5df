package io.tunelab.middleware;

/** The order-to-bill stages, each consuming its own queue. */
public enum Stage {
  INTAKE("intake", "tunelab.intake"),
  ORCHESTRATION("orchestration", "tunelab.orchestration"),
  CREATE_CUSTOMER("createCustomer", "tunelab.create-customer"),
  CREATE_SUBSCRIPTIONS("createSubscriptions", "tunelab.create-subscriptions"),
  UPDATE_CRM("updateCrm", "tunelab.update-crm");

  private final String key;
  private final String queue;

  Stage(String key, String queue) {
    this.key = key;
    this.queue = queue;
  }

  /** Name of the stage in settings keys ({@code consumers.<key>}) and in the status. */
  public String key() {
    return key;
  }

  /** The stage consuming {@code queue}. */
  public static Stage ofQueue(String queue) {
    for (Stage stage : values()) {
      if (stage.queue.equals(queue)) {
        return stage;
      }
    }
    throw new IllegalArgumentException("no stage consumes " + queue);
  }

  /** The Artemis queue the stage consumes. */
  public String queue() {
    return queue;
  }

  /** The stage after this one, or null after the last. */
  public Stage next() {
    int next = ordinal() + 1;
    return next < values().length ? values()[next] : null;
  }
}
