package io.tunelab.tiers.stack;

/** Brings up the db, broker and mocks tiers, or connects to ones that already run. */
public interface StackProvider {
  /** The name users select the provider by. */
  String name();

  /**
   * What runs the stack, as a run's environment records it: the provider's name, and where it
   * chooses among images, which ones.
   */
  default String describe() {
    return name();
  }

  /**
   * Starts (or connects to) the stack. Throws {@link io.tunelab.core.BadInputException} when a
   * setting is bad or a tier cannot be reached; leaves nothing running when it throws.
   */
  Stack start(StackConfig config);

  /**
   * Whether it owns the tiers it brings up, so it can start them again with other settings; false
   * for a provider that connects to a stack someone else runs.
   */
  default boolean ownsTiers() {
    return true;
  }

  /**
   * Whether its stacks can kill a tier and start it again on its data ({@link Stack#crash}): only a
   * provider whose tiers are processes of this machine.
   */
  default boolean crashesTiers() {
    return false;
  }

  /**
   * Whether its tiers' JVMs (the broker's, the mocks') are processes of this machine that the JDK
   * Flight Recorder can be attached to ({@code broker.jvm.jfr}, {@code mocks.jvm.jfr}).
   */
  default boolean recordsTierJvms() {
    return false;
  }

  /**
   * Whether the stack it brings up has {@code backend}'s mock (an external stack may lack the
   * device driver's): a provider that starts the mocks always has it; one that connects knows from
   * its endpoints.
   */
  default boolean serves(io.tunelab.core.stack.Backend backend) {
    return true;
  }

  /**
   * How much of the file system the broker would journal on is in use, in percent, measured as
   * Artemis measures it (1 - usable / total); empty when this machine cannot tell (the broker runs
   * elsewhere). Past its {@code broker.maxDiskUsagePercent} the broker blocks every producer.
   */
  default java.util.OptionalDouble brokerDiskUsedPercent() {
    return java.util.OptionalDouble.empty();
  }
}
