package io.tunelab.run.observe;

import io.tunelab.core.stack.TierName;
import io.tunelab.core.stats.WarmupRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * What the whole stack spent between two instants, read around a warm-up batch or round by the
 * runner itself (observer or not): each tier's CPU (its process tree from {@code /proc}, backends
 * that came and went included, as their parent reaped them), the WAL the database wrote and the
 * statements it ran. Divided by the units of work done in between, these are the costs per unit a
 * whole-stack warm-up judges: the database's and the broker's settle too, not only the JIT's. The
 * JIT compiler threads of each JVM tier are read apart ({@link WarmupRule#jitSeries}): the share of
 * a tier's CPU its JIT takes says whether its code is still being compiled, at any pace.
 */
public final class StackClock {
  /** Series names of the costs per unit besides the tiers' CPU. */
  public static final String WAL_BYTES = "walBytes";

  public static final String STATEMENTS = "statements";

  private static final Path PROC = Path.of("/proc");
  private static final double MILLIS_PER_TICK = 10; // USER_HZ 100 on every Linux we run

  private StackClock() {}

  /**
   * One reading.
   *
   * @param machine the machine's ticks
   * @param tierTicks CPU ticks each tier's tree has used so far, by tier name
   * @param walBytes the database's WAL insert position, bytes; null when unread
   * @param statements statements pg_stat_statements counted so far; null without it
   * @param jitTicks CPU ticks the JIT compiler threads of each JVM tier's root process have used so
   *     far, by tier name; tiers that are no HotSpot JVM are absent
   * @param roots the root processes each tier had, by tier name (a middleware of several instances
   *     has one each): a tier whose roots changed between two readings (killed and started again)
   *     has no cost between them, its new trees' ticks not being the old ones'
   */
  public record Reading(
      HostClock.Ticks machine,
      Map<String, Long> tierTicks,
      Double walBytes,
      Double statements,
      Map<String, Long> jitTicks,
      Map<String, List<Long>> roots) {}

  /**
   * What was spent between two readings per unit of work.
   *
   * @param stealPercent the hypervisor's steal, % of the machine; null when unknown
   * @param busyPercent the machine's busy time, % of all cores; null when unknown
   * @param perUnit CPU milliseconds per unit by tier name, and {@link #WAL_BYTES} and {@link
   *     #STATEMENTS} per unit where read, and the CPU milliseconds per unit of each JVM tier's JIT
   *     ({@link WarmupRule#jitSeries}, part of the tier's)
   */
  public record Cost(Double stealPercent, Double busyPercent, Map<String, Double> perUnit) {
    public Cost {
      perUnit = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perUnit));
    }

    /** One tier's CPU milliseconds per unit; null when not read. */
    public Double cpuMillisPerUnit(String tier) {
      return perUnit.get(tier);
    }
  }

  /**
   * Reads the stack now.
   *
   * @param tierRoots the root processes of each tier, by tier name (each instance of a middleware
   *     of several); a tier's trees stop where another root begins
   * @param db the database to read WAL and statements from; null to read none
   */
  public static Reading now(Map<String, List<Long>> tierRoots, DataSource db) {
    boolean proc = Files.isDirectory(PROC);
    Map<String, Long> ticks = proc ? tierTicks(tierRoots) : Map.of();
    Map<String, Long> jit = new LinkedHashMap<>();
    if (proc) {
      tierRoots.forEach((tier, roots) -> compilerTicks(roots).ifPresent(t -> jit.put(tier, t)));
    }
    Double wal = null;
    Double statements = null;
    if (db != null) {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        wal = number(statement, "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')");
        statements = statements(statement);
      } catch (SQLException e) {
        // a database that cannot be read leaves the costs it would give unknown
      }
    }
    Map<String, List<Long>> roots = new LinkedHashMap<>();
    tierRoots.forEach((tier, pids) -> roots.put(tier, List.copyOf(pids)));
    return new Reading(HostClock.now(), ticks, wal, statements, jit, Map.copyOf(roots));
  }

  /** The JIT compiler threads' ticks of every root, summed; empty when any root has none. */
  private static java.util.OptionalLong compilerTicks(List<Long> roots) {
    long sum = 0;
    for (long root : roots) {
      java.util.OptionalLong ticks = ProcTable.compilerTicks(PROC, root);
      if (ticks.isEmpty()) {
        return java.util.OptionalLong.empty();
      }
      sum += ticks.getAsLong();
    }
    return roots.isEmpty() ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(sum);
  }

  /** What was spent from {@code before} to {@code after} per unit; empty costs with no unit. */
  public static Cost between(Reading before, Reading after, long units) {
    Map<String, Double> perUnit = new LinkedHashMap<>();
    if (units > 0) {
      after
          .tierTicks()
          .forEach(
              (tier, ticks) -> {
                Long earlier = before.tierTicks().get(tier);
                if (earlier != null && ticks >= earlier && sameRoot(before, after, tier)) {
                  perUnit.put(tier, (ticks - earlier) * MILLIS_PER_TICK / units);
                }
              });
      after
          .jitTicks()
          .forEach(
              (tier, ticks) -> {
                Long earlier = before.jitTicks().get(tier);
                if (earlier != null && ticks >= earlier && sameRoot(before, after, tier)) {
                  perUnit.put(
                      WarmupRule.jitSeries(tier), (ticks - earlier) * MILLIS_PER_TICK / units);
                }
              });
      putDelta(perUnit, WAL_BYTES, before.walBytes(), after.walBytes(), units);
      // a database killed in between lost pg_stat_statements' counts with it
      if (sameRoot(before, after, TierName.DB.label())) {
        putDelta(perUnit, STATEMENTS, before.statements(), after.statements(), units);
      }
    }
    return new Cost(
        HostClock.orNull(after.machine().stealPercentSince(before.machine())),
        HostClock.orNull(after.machine().busyPercentSince(before.machine())),
        perUnit);
  }

  private static boolean sameRoot(Reading before, Reading after, String tier) {
    return java.util.Objects.equals(before.roots().get(tier), after.roots().get(tier));
  }

  private static void putDelta(
      Map<String, Double> out, String key, Double before, Double after, long units) {
    if (before != null && after != null && after >= before) {
      out.put(key, (after - before) / units);
    }
  }

  static Map<String, Long> tierTicks(Map<String, List<Long>> roots) {
    ProcTable table = ProcTable.scan(PROC);
    Map<Long, List<Long>> children = new HashMap<>();
    for (ProcTable.Proc p : table.all().values()) {
      children.computeIfAbsent(p.ppid(), k -> new java.util.ArrayList<>()).add(p.pid());
    }
    Set<Long> rootPids = new HashSet<>();
    roots.values().forEach(rootPids::addAll);
    Map<String, Long> ticks = new LinkedHashMap<>();
    roots.forEach(
        (tier, tierRoots) -> {
          // a tier with a root gone has no total to compare: its costs stay unknown
          if (tierRoots.isEmpty() || tierRoots.stream().anyMatch(r -> table.get(r).isEmpty())) {
            return;
          }
          long sum = 0;
          Deque<Long> todo = new ArrayDeque<>(tierRoots);
          Set<Long> seen = new HashSet<>();
          while (!todo.isEmpty()) {
            long pid = todo.poll();
            if (!seen.add(pid)) {
              continue;
            }
            ProcTable.Proc p = table.get(pid).orElse(null);
            if (p != null) {
              sum += p.ownTicks() + p.childTicks();
            }
            for (long child : children.getOrDefault(pid, List.of())) {
              if (!rootPids.contains(child)) {
                todo.add(child);
              }
            }
          }
          ticks.put(tier, sum);
        });
    return ticks;
  }

  private static Double statements(Statement statement) {
    try {
      return number(
          statement,
          "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s JOIN pg_database d"
              + " ON d.oid = s.dbid WHERE d.datname = current_database()");
    } catch (SQLException e) {
      return null;
    }
  }

  private static Double number(Statement statement, String sql) throws SQLException {
    try (ResultSet rows = statement.executeQuery(sql)) {
      return rows.next() ? rows.getDouble(1) : null;
    }
  }
}
