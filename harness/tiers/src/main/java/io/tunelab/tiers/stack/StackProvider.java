package io.tunelab.tiers.stack;

/** Brings up the db, broker and mocks tiers, or connects to ones that already run. */
public interface StackProvider {
  /** The name users select the provider by. */
  String name();

  /**
   * Starts (or connects to) the stack. Throws {@link io.tunelab.core.BadInputException} when a
   * setting is bad or a tier cannot be reached; leaves nothing running when it throws.
   */
  Stack start(StackConfig config);
}
