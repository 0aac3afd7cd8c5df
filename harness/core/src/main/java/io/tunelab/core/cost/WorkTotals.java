package io.tunelab.core.cost;

import io.tunelab.core.stack.TierName;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the system under test used over a measured window, before the runner tells how many units it
 * completed there ({@link #perUnit}).
 *
 * @param windowMillis length of the window, milliseconds
 * @param cpuMillis per tier of {@link TierName#systemUnderTest()}, CPU milliseconds over the window
 * @param walBytes WAL bytes written in the window; null when unknown
 * @param statements top-level statements run in the window; null when unknown
 * @param commits transactions committed in the window; null when unknown
 */
public record WorkTotals(
    long windowMillis,
    Map<String, Double> cpuMillis,
    Double walBytes,
    Double statements,
    Double commits) {
  public WorkTotals {
    cpuMillis = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpuMillis));
  }

  /** The system under test's tiers' CPU over {@code window}, with the database's counters. */
  public static WorkTotals of(
      CpuWindow window, Double walBytes, Double statements, Double commits) {
    Map<String, Double> cpu = new LinkedHashMap<>();
    for (TierName tier : TierName.systemUnderTest()) {
      cpu.put(tier.label(), window.cpuMillis(tier.label()));
    }
    return new WorkTotals(window.windowMillis(), cpu, walBytes, statements, commits);
  }

  /** Per completed unit; empty when none completed (no work, no cost per unit). */
  public Optional<WorkCost> perUnit(long units) {
    if (units <= 0) {
      return Optional.empty();
    }
    Map<String, Double> cpu = new LinkedHashMap<>();
    cpuMillis.forEach((tier, millis) -> cpu.put(tier, millis / units));
    double sut = cpuMillis.values().stream().mapToDouble(Double::doubleValue).sum() / units;
    return Optional.of(
        new WorkCost(
            units,
            windowMillis,
            cpu,
            sut,
            per(walBytes, units),
            per(statements, units),
            per(commits, units)));
  }

  private static Double per(Double total, long units) {
    return total == null ? null : total / units;
  }
}
