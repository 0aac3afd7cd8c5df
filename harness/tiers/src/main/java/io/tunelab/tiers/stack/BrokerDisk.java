package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A broker whose {@code max-disk-usage} is at or under what its file system already uses blocks
 * every producer from the first message, as a full disk does: a run on it would stall until its
 * load timed out. Refused with the way out instead.
 */
public final class BrokerDisk {
  private BrokerDisk() {}

  /**
   * @param limitPercent the broker's {@code broker.maxDiskUsagePercent} (-1: never blocks)
   * @param usedPercent how much of its file system is in use, when known
   * @param where which step asks for it (" (step s)"), or empty
   * @throws BadInputException when the broker would block every producer
   */
  public static void check(int limitPercent, OptionalDouble usedPercent, String where) {
    if (limitPercent < 0 || usedPercent.isEmpty() || usedPercent.getAsDouble() < limitPercent) {
      return;
    }
    double used = usedPercent.getAsDouble();
    throw new BadInputException(
        String.format(
            Locale.ROOT,
            "broker.maxDiskUsagePercent=%d%s is at or under the %.1f%% of the broker's file system"
                + " already in use: it would block every producer from the first order, as a full"
                + " disk does, and the run would stall. Raise it above %.0f (or -1: never block), or"
                + " free disk space",
            limitPercent,
            where,
            used,
            Math.ceil(used)));
  }

  /**
   * What a broker past its disk limit does to a run that is sending, when it is past it: it blocks
   * every producer (Artemis' AMQ222212), so the load never ends. For a run that was already going
   * when the disk filled, where {@link #check} could not refuse it.
   *
   * @param limitPercent the broker's {@code max-disk-usage} (-1: never blocks)
   * @param usedPercent how much of its journal's file system is in use now
   */
  public static Optional<String> blocking(int limitPercent, double usedPercent) {
    if (limitPercent < 0 || usedPercent < limitPercent) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the broker blocks every producer: its journal's file system is %.1f%% used, at or"
                + " over broker.maxDiskUsagePercent=%d (the broker's log says AMQ222212). Free disk"
                + " space under the broker's data folder, or raise broker.maxDiskUsagePercent (-1:"
                + " never block), and run again",
            usedPercent,
            limitPercent));
  }
}
