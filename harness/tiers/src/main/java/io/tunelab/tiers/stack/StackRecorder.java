package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.Tier;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Keeps a starting stack's state file current: every tier is written down the moment it is up, so a
 * controller killed half-way through a start still leaves enough behind to clean up.
 */
final class StackRecorder {
  private final StackRegistry registry;
  private final String id;
  private final String provider;
  private final Long ownerPid;
  private final Path directory;
  private final String createdAt = OffsetDateTime.now().toString();
  private final List<StackState.TierRecord> tiers = new ArrayList<>();
  private final Map<String, Long> startMillis = new LinkedHashMap<>();
  private Endpoints endpoints;

  StackRecorder(
      StackRegistry registry, String id, String provider, OptionalLong ownerPid, Path directory) {
    this.registry = registry;
    this.id = id;
    this.provider = provider;
    this.ownerPid = ownerPid.isPresent() ? ownerPid.getAsLong() : null;
    this.directory = directory;
  }

  String id() {
    return id;
  }

  synchronized void started(Tier tier) {
    List<ProcessRecord> processes =
        tier.processes().stream().map(p -> ProcessRecord.of(p, stopSignal(tier, p))).toList();
    tiers.add(new StackState.TierRecord(tier.name(), tier.log().toString(), processes));
    startMillis.put(tier.name(), tier.startTime().toMillis());
    save();
  }

  /** A tier restarted on its own: its new processes replace the old ones in the state file. */
  synchronized void replaced(Tier tier) {
    tiers.removeIf(record -> record.name().equals(tier.name()));
    started(tier);
  }

  /**
   * The stack is up: its endpoints go to the state file with the passwords masked, and the
   * passwords to a file only this user may read ({@link StackRegistry#credentials}).
   */
  synchronized void finish(Endpoints endpoints, long stackMillis) {
    this.endpoints = endpoints.masked();
    startMillis.put("stack", stackMillis);
    registry.saveCredentials(id, endpoints);
    save();
  }

  /** Per tier in stack order (db, broker, mocks), then the whole stack. */
  synchronized Map<String, Long> startMillis() {
    Map<String, Long> ordered = new LinkedHashMap<>();
    for (String name :
        List.of(TierName.DB.label(), TierName.BROKER.label(), TierName.MOCKS.label(), "stack")) {
      if (startMillis.containsKey(name)) {
        ordered.put(name, startMillis.get(name));
      }
    }
    startMillis.forEach(ordered::putIfAbsent);
    return java.util.Collections.unmodifiableMap(ordered);
  }

  /** The stack stopped (or never came up): its state goes, its logs stay. */
  synchronized void abandon() {
    registry.forget(id);
  }

  private void save() {
    registry.save(
        new StackState(
            id,
            provider,
            ownerPid,
            createdAt,
            directory.toString(),
            endpoints,
            startMillis(),
            tiers));
  }

  private static String stopSignal(Tier tier, ProcessHandle process) {
    return tier.stopSignal(process);
  }
}
