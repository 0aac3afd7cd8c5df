package io.tunelab.run.observe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One pass over Linux's {@code /proc}: every process's parent, start time, CPU ticks and resident
 * pages ({@code /proc/<pid>/stat}), and the machine's CPU ticks ({@code /proc/stat}).
 */
final class ProcTable {
  private final Map<Long, Proc> processes;
  private final Set<Long> listed;

  private ProcTable(Map<Long, Proc> processes, Set<Long> listed) {
    this.processes = processes;
    this.listed = listed;
  }

  /**
   * One process.
   *
   * @param ownTicks user + system CPU of the process itself, clock ticks
   * @param childTicks user + system CPU of its children it waited for (reaped), clock ticks
   * @param startTicks when it started, clock ticks after boot
   * @param rssPages resident memory, pages
   */
  record Proc(
      long pid, long ppid, long startTicks, long ownTicks, long childTicks, long rssPages) {}

  /**
   * The machine's CPU since boot, clock ticks summed over all cores.
   *
   * @param busy everything but idle and iowait (steal included: the VM wanted those ticks)
   * @param iowait idle while a disk request was pending
   * @param steal taken by the hypervisor for other guests while this VM had work to run (the 8th
   *     number of the {@code cpu} line; 0 on bare metal)
   * @param total all ticks
   */
  record MachineTicks(long busy, long iowait, long steal, long total, int cores) {}

  /** Reads every process under {@code procRoot} (normally {@code /proc}). */
  static ProcTable scan(Path procRoot) {
    return scan(procRoot, Set.of());
  }

  /** Lists every process under {@code procRoot} but reads only those not in {@code skip}. */
  static ProcTable scan(Path procRoot, Set<Long> skip) {
    Map<Long, Proc> processes = new HashMap<>();
    Set<Long> listed = new HashSet<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(procRoot)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
          continue;
        }
        long pid = Long.parseLong(name);
        listed.add(pid);
        if (!skip.contains(pid)) {
          read(entry.resolve("stat"))
              .flatMap(ProcTable::parse)
              .ifPresent(p -> processes.put(pid, p));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + procRoot + ": " + e.getMessage(), e);
    }
    return new ProcTable(processes, listed);
  }

  Optional<Proc> get(long pid) {
    return Optional.ofNullable(processes.get(pid));
  }

  /** The processes read. */
  Map<Long, Proc> all() {
    return processes;
  }

  /** Every process listed, read or not. */
  Set<Long> listed() {
    return listed;
  }

  /** Parses one {@code /proc/<pid>/stat} line; the command may hold spaces and parentheses. */
  static Optional<Proc> parse(String line) {
    int close = line.lastIndexOf(')');
    if (close < 0) {
      return Optional.empty();
    }
    long pid = Long.parseLong(line.substring(0, line.indexOf(' ')));
    String[] f = line.substring(close + 2).trim().split(" ");
    if (f.length < 22) {
      return Optional.empty();
    }
    // f[0] is field 3 (state) of proc(5).
    return Optional.of(
        new Proc(
            pid,
            Long.parseLong(f[1]),
            Long.parseLong(f[19]),
            Long.parseLong(f[11]) + Long.parseLong(f[12]),
            Long.parseLong(f[13]) + Long.parseLong(f[14]),
            Long.parseLong(f[21])));
  }

  /**
   * The first line of {@code /proc/stat} and its count of {@code cpuN} lines. Reads user, nice,
   * system, idle, iowait, irq, softirq, steal; guest time is left out, as the kernel already counts
   * it in user.
   */
  static MachineTicks machine(Path procRoot) {
    String stat = read(procRoot.resolve("stat")).orElseThrow();
    long[] ticks = new long[8];
    int cores = 0;
    for (String line : stat.split("\n")) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        for (int i = 0; i < ticks.length && i + 1 < f.length; i++) {
          ticks[i] = Long.parseLong(f[i + 1]);
        }
      } else if (line.startsWith("cpu")) {
        cores++;
      }
    }
    long total = 0;
    for (long t : ticks) {
      total += t;
    }
    long idle = ticks[3] + ticks[4];
    return new MachineTicks(total - idle, ticks[4], ticks[7], total, Math.max(1, cores));
  }

  /** The command line of a process, arguments separated by spaces; empty once it ended. */
  static String commandLine(Path procRoot, long pid) {
    return read(procRoot.resolve(Long.toString(pid)).resolve("cmdline"))
        .map(line -> line.replace('\0', ' '))
        .orElse("");
  }

  /** The 1-minute load average ({@code /proc/loadavg}); empty when unreadable. */
  static Optional<Double> loadAverage(Path procRoot) {
    return read(procRoot.resolve("loadavg"))
        .map(line -> line.trim().split("\\s+")[0])
        .flatMap(
            first -> {
              try {
                return Optional.of(Double.parseDouble(first));
              } catch (NumberFormatException e) {
                return Optional.empty();
              }
            });
  }

  /**
   * The CPU ticks, user + system, that a JVM's JIT compiler threads have used so far: the threads
   * of {@code pid} named {@code C1 CompilerThread<n>} or {@code C2 CompilerThread<n>} (HotSpot's
   * names, cut to 15 characters in {@code comm}). Empty when the process has none (not a HotSpot
   * JVM, or ended).
   */
  static java.util.OptionalLong compilerTicks(Path procRoot, long pid) {
    long ticks = 0;
    boolean found = false;
    try (DirectoryStream<Path> tasks =
        Files.newDirectoryStream(procRoot.resolve(Long.toString(pid)).resolve("task"))) {
      for (Path task : tasks) {
        String comm = read(task.resolve("comm")).orElse("");
        if (!comm.startsWith("C1 CompilerThre") && !comm.startsWith("C2 CompilerThre")) {
          continue;
        }
        Optional<Proc> thread = read(task.resolve("stat")).flatMap(ProcTable::parse);
        if (thread.isPresent()) {
          ticks += thread.get().ownTicks();
          found = true;
        }
      }
    } catch (IOException e) {
      return java.util.OptionalLong.empty(); // the process ended
    }
    return found ? java.util.OptionalLong.of(ticks) : java.util.OptionalLong.empty();
  }

  /** Seconds since boot ({@code /proc/uptime}). */
  static double uptimeSeconds(Path procRoot) {
    return Double.parseDouble(read(procRoot.resolve("uptime")).orElseThrow().split(" ")[0]);
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file));
    } catch (IOException e) {
      return Optional.empty(); // the process ended between listing and reading
    }
  }
}
