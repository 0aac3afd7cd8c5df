package io.tunelab.run.observe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Two readings the runner takes around each drain, observer or not: the machine's CPU ticks ({@code
 * /proc/stat}), to tell how much of the drain's time the hypervisor gave this VM's CPUs to other
 * guests (steal), and a process's CPU time, to tell what one unit of work cost it.
 */
public final class HostClock {
  private static final Path PROC = Path.of("/proc");

  private HostClock() {}

  /** The machine's ticks now; empty where {@code /proc/stat} cannot be read. */
  public static Ticks now() {
    if (!Files.isReadable(PROC.resolve("stat"))) {
      return Ticks.UNKNOWN;
    }
    try {
      ProcTable.MachineTicks t = ProcTable.machine(PROC);
      return new Ticks(t.steal(), t.busy(), t.total());
    } catch (RuntimeException e) {
      return Ticks.UNKNOWN;
    }
  }

  /**
   * The machine's steal, busy and total ticks since boot.
   *
   * @param steal ticks the hypervisor took while this VM had work to run
   * @param busy ticks neither idle nor waiting for a disk (steal included)
   * @param total all ticks; -1 when unknown
   */
  public record Ticks(long steal, long busy, long total) {
    static final Ticks UNKNOWN = new Ticks(0, 0, -1);

    /** Busy time since {@code earlier}, % of the machine; empty when unknown. */
    public OptionalDouble busyPercentSince(Ticks earlier) {
      if (total < 0 || earlier.total < 0 || total <= earlier.total) {
        return OptionalDouble.empty();
      }
      return OptionalDouble.of(100.0 * (busy - earlier.busy) / (total - earlier.total));
    }

    /** Steal since {@code earlier}, % of all the machine's CPU time since; empty when unknown. */
    public OptionalDouble stealPercentSince(Ticks earlier) {
      if (total < 0 || earlier.total < 0 || total <= earlier.total) {
        return OptionalDouble.empty();
      }
      return OptionalDouble.of(100.0 * (steal - earlier.steal) / (total - earlier.total));
    }
  }

  /**
   * CPU milliseconds per unit of work between two {@link #cpuNanos} readings of one process; empty
   * when either reading is unknown, no unit was done or the process was replaced in between.
   */
  public static OptionalDouble cpuMillisPerUnit(
      OptionalLong before, OptionalLong after, long units) {
    if (before.isEmpty() || after.isEmpty() || units <= 0) {
      return OptionalDouble.empty();
    }
    long nanos = after.getAsLong() - before.getAsLong();
    return nanos < 0 ? OptionalDouble.empty() : OptionalDouble.of(nanos / 1e6 / units);
  }

  /** CPU time the process has used so far, nanoseconds; empty when it is gone or unknown. */
  /** The CPU time of every process, summed; empty when any of them is unknown (or none given). */
  public static OptionalLong cpuNanos(java.util.List<Long> pids) {
    long sum = 0;
    for (long pid : pids) {
      OptionalLong one = cpuNanos(pid);
      if (one.isEmpty()) {
        return OptionalLong.empty();
      }
      sum += one.getAsLong();
    }
    return pids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(sum);
  }

  public static OptionalLong cpuNanos(long pid) {
    return ProcessHandle.of(pid)
        .flatMap(p -> p.info().totalCpuDuration())
        .map(d -> OptionalLong.of(d.toNanos()))
        .orElse(OptionalLong.empty());
  }

  /** The value, or null when unknown (run.json writes no figure rather than a made-up one). */
  public static Double orNull(java.util.OptionalDouble value) {
    return value.isPresent() ? value.getAsDouble() : null;
  }
}
