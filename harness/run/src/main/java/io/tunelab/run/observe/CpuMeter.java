package io.tunelab.run.observe;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * CPU and resident memory per tier from {@code /proc}: each tier is the process tree under its root
 * processes (a tier's tree stops where another tier's root begins), plus the controller itself.
 *
 * <p>A tier's CPU in an interval is what each of its processes used since the previous sample, plus
 * all the CPU of processes born since, plus what its processes reaped from children that ended
 * (minus what those children had already been counted for): so PostgreSQL backends that come and go
 * are counted once, and a tier's JVM that exits takes none of its past CPU into the interval. The
 * controller counts only its own CPU, never its children's: they are the other tiers.
 */
final class CpuMeter {
  /** The tier name of the JVM the observer runs in. */
  static final String CONTROLLER = "controller";

  private static final double MEGABYTE = 1024.0 * 1024.0;

  private final Path procRoot;
  private final Map<String, Supplier<List<ProcessHandle>>> tiers;
  private final Map<String, String> childTiersByJar;
  private final long controllerPid;
  private final long ticksPerSecond;
  private final long pageBytes;
  private final Map<String, Map<Long, Counted>> previous = new HashMap<>();
  // Processes that descend from neither the controller nor a tier root (other users' work): not
  // read again while they live, which keeps a sample cheap on a busy machine.
  private final Set<Long> foreign = new HashSet<>();
  private ProcTable.MachineTicks previousMachine;
  private long previousNanos;
  private double previousUptimeTicks;

  CpuMeter(
      Path procRoot,
      Map<String, Supplier<List<ProcessHandle>>> tiers,
      Map<String, String> childTiersByJar,
      long controllerPid,
      long ticksPerSecond,
      long pageBytes) {
    this.procRoot = procRoot;
    this.tiers = new LinkedHashMap<>(tiers);
    this.childTiersByJar = new LinkedHashMap<>(childTiersByJar);
    this.controllerPid = controllerPid;
    this.ticksPerSecond = ticksPerSecond;
    this.pageBytes = pageBytes;
  }

  /**
   * One reading.
   *
   * @param tierPercentOfOneCore per tier; empty on the first reading (nothing to compare with)
   * @param tierRssMegabytes per tier, resident memory of its tree
   * @param machineBusyPercent the machine's busy time in % of all cores; NaN on the first reading
   * @param machineIowaitPercent the machine's iowait time in % of all cores; NaN at first
   * @param machineStealPercent time the hypervisor gave this VM's CPUs to other guests, in % of all
   *     cores (part of the busy time); NaN at first
   * @param seconds since the previous reading (the interval the percentages cover)
   */
  record Reading(
      Map<String, Double> tierPercentOfOneCore,
      Map<String, Double> tierRssMegabytes,
      double machineBusyPercent,
      double machineIowaitPercent,
      double machineStealPercent,
      int cores,
      double seconds) {}

  Reading read() {
    long now = System.nanoTime();
    double uptimeTicks = ProcTable.uptimeSeconds(procRoot) * ticksPerSecond;
    ProcTable table = ProcTable.scan(procRoot, foreign);
    foreign.retainAll(table.listed());
    ProcTable.MachineTicks machine = ProcTable.machine(procRoot);
    Map<Long, List<Long>> children = children(table);
    Map<Long, String> roots = roots(table, children);
    boolean first = previousMachine == null;
    double seconds = (now - previousNanos) / 1e9;
    Map<String, Double> cpu = new LinkedHashMap<>();
    Map<String, Double> rss = new LinkedHashMap<>();
    markForeign(table, roots);
    for (String tier : allTiers()) {
      Map<Long, Counted> tree = tree(tier, table, children, roots);
      rss.put(
          tier, tree.values().stream().mapToLong(Counted::rssPages).sum() * pageBytes / MEGABYTE);
      Map<Long, Counted> before = previous.put(tier, tree);
      if (!first && before != null && seconds > 0) {
        cpu.put(tier, 100.0 * ticks(before, tree) / ticksPerSecond / seconds);
      }
    }
    double busy = Double.NaN;
    double iowait = Double.NaN;
    double steal = Double.NaN;
    if (!first && machine.total() > previousMachine.total()) {
      double total = machine.total() - previousMachine.total();
      busy = 100.0 * (machine.busy() - previousMachine.busy()) / total;
      iowait = 100.0 * (machine.iowait() - previousMachine.iowait()) / total;
      steal = 100.0 * (machine.steal() - previousMachine.steal()) / total;
    }
    previousMachine = machine;
    previousNanos = now;
    previousUptimeTicks = uptimeTicks;
    return new Reading(cpu, rss, busy, iowait, steal, machine.cores(), first ? 0 : seconds);
  }

  /** Remembers the processes read this time that have no root among their ancestors. */
  private void markForeign(ProcTable table, Map<Long, String> roots) {
    for (ProcTable.Proc p : table.all().values()) {
      if (!descendsFromRoot(p, table, roots)) {
        foreign.add(p.pid());
      }
    }
  }

  private static boolean descendsFromRoot(
      ProcTable.Proc process, ProcTable table, Map<Long, String> roots) {
    ProcTable.Proc p = process;
    for (int depth = 0; depth < 64 && p != null; depth++) {
      if (roots.containsKey(p.pid())) {
        return true;
      }
      p = table.get(p.ppid()).orElse(null);
    }
    return false;
  }

  private List<String> allTiers() {
    List<String> names = new java.util.ArrayList<>(tiers.keySet());
    childTiersByJar.keySet().stream().filter(t -> !names.contains(t)).forEach(names::add);
    names.add(CONTROLLER);
    return names;
  }

  /** CPU ticks the tree used since {@code before}; see the class comment. */
  private long ticks(Map<Long, Counted> before, Map<Long, Counted> now) {
    long used = 0;
    for (Counted process : now.values()) {
      Counted earlier = before.get(process.pid());
      if (earlier != null) {
        used += process.ticks() - earlier.ticks();
      } else if (process.startTicks() >= previousUptimeTicks) {
        used += process.ticks(); // born in this interval
      }
    }
    for (Counted gone : before.values()) {
      if (!now.containsKey(gone.pid()) && now.containsKey(gone.ppid())) {
        used -= gone.ticks(); // its parent reaped it: its whole life is in the parent's count
      }
    }
    return Math.max(0, used);
  }

  private Map<Long, Counted> tree(
      String tier, ProcTable table, Map<Long, List<Long>> children, Map<Long, String> roots) {
    Map<Long, Counted> tree = new HashMap<>();
    if (tier.equals(CONTROLLER)) {
      table.get(controllerPid).ifPresent(p -> tree.put(p.pid(), Counted.own(p)));
      return tree;
    }
    Deque<Long> todo = new ArrayDeque<>();
    roots.forEach(
        (pid, owner) -> {
          if (owner.equals(tier)) {
            todo.add(pid);
          }
        });
    Set<Long> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      long pid = todo.poll();
      if (!seen.add(pid)) {
        continue;
      }
      table.get(pid).ifPresent(p -> tree.put(pid, Counted.all(p)));
      for (long child : children.getOrDefault(pid, List.of())) {
        if (!roots.containsKey(child)) {
          todo.add(child);
        }
      }
    }
    return tree;
  }

  /**
   * Root pid to its tier; the controller's pid is a root too, so no tier swallows it. Tiers found
   * by their jar are the controller's children whose command line names it (a few small reads).
   */
  private Map<Long, String> roots(ProcTable table, Map<Long, List<Long>> children) {
    Map<Long, String> roots = new HashMap<>();
    roots.put(controllerPid, CONTROLLER);
    tiers.forEach(
        (tier, source) -> {
          for (ProcessHandle handle : source.get()) {
            if (table.get(handle.pid()).isPresent()) {
              roots.putIfAbsent(handle.pid(), tier);
            }
          }
        });
    if (!childTiersByJar.isEmpty()) {
      for (long child : children.getOrDefault(controllerPid, List.of())) {
        if (!roots.containsKey(child)) {
          String command = ProcTable.commandLine(procRoot, child);
          childTiersByJar.forEach(
              (tier, jar) -> {
                if (command.contains(jar)) {
                  roots.putIfAbsent(child, tier);
                }
              });
        }
      }
    }
    return roots;
  }

  private static Map<Long, List<Long>> children(ProcTable table) {
    Map<Long, List<Long>> children = new HashMap<>();
    for (ProcTable.Proc p : table.all().values()) {
      children.computeIfAbsent(p.ppid(), k -> new java.util.ArrayList<>()).add(p.pid());
    }
    return children;
  }

  /** A process as counted for its tier. */
  private record Counted(long pid, long ppid, long startTicks, long ticks, long rssPages) {
    static Counted all(ProcTable.Proc p) {
      return new Counted(
          p.pid(), p.ppid(), p.startTicks(), p.ownTicks() + p.childTicks(), p.rssPages());
    }

    static Counted own(ProcTable.Proc p) {
      return new Counted(p.pid(), p.ppid(), p.startTicks(), p.ownTicks(), p.rssPages());
    }
  }
}
