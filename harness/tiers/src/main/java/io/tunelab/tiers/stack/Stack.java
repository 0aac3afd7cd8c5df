package io.tunelab.tiers.stack;

import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A stack a provider started or connected to. Closing it stops what the provider started. */
public interface Stack extends AutoCloseable {
  String id();

  /** {@code embedded}, {@code external} or {@code testcontainers}. */
  String provider();

  Endpoints endpoints();

  /** Measured start time in milliseconds per tier, and {@code stack} for the whole stack. */
  Map<String, Long> startMillis();

  /** The tiers this provider runs as local processes; empty when it runs none. */
  List<Tier> tiers();

  /**
   * Each tier's processes on this machine, to count their CPU as the stack's: the tiers this
   * provider runs, or those found behind the endpoints of a stack it did not start. For reading
   * only: what is found here is never stopped or signalled.
   */
  default Map<String, List<ProcessHandle>> watchedProcesses() {
    Map<String, List<ProcessHandle>> watched = new java.util.LinkedHashMap<>();
    for (Tier tier : tiers()) {
      watched.put(tier.name(), tier.processes());
    }
    return watched;
  }

  /**
   * Each tier's log file by tier name, readable once the stack is closed (the run keeps a copy):
   * the tiers this provider runs, or what a provider saved of tiers that are not processes of this
   * machine (a container's output, written before it is removed).
   */
  default Map<String, java.nio.file.Path> logFiles() {
    Map<String, java.nio.file.Path> logs = new java.util.LinkedHashMap<>();
    for (Tier tier : tiers()) {
      logs.put(tier.name(), tier.log());
    }
    return logs;
  }

  /**
   * Restarts one tier ({@code DB}, {@code BROKER} or {@code MOCKS}) with its settings from {@code
   * config}, on the port it has now, while the others keep running: the endpoints stay valid. A db
   * restart starts a fresh cluster (migrate and seed again).
   *
   * @return false when this stack cannot restart a single tier (the caller restarts the stack)
   */
  default boolean restart(KnobTier tier, StackConfig config) {
    return false;
  }

  /**
   * Kills one tier ({@code DB} or {@code BROKER}) with SIGKILL, as the OOM killer or a {@code kill
   * -9} ends it, and starts it again on its data, port and password: the database recovers from its
   * WAL, the broker from its journal, and what was in flight dies with the process.
   *
   * @return how long the tier took to come back; empty when this stack cannot crash that tier
   * @throws io.tunelab.tiers.TierStartException when the tier did not come back
   */
  default Optional<Duration> crash(KnobTier tier) {
    return Optional.empty();
  }

  @Override
  void close();
}
