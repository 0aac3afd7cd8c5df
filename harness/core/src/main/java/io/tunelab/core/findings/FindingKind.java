package io.tunelab.core.findings;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The conclusions tunelab draws from a run. Each kind of the house names the rule that raises it,
 * so that a new finding is its rule, its constant here and its line in docs/findings.md; a kind
 * only a plan's room raises names none, its rule comes from the room ({@link FindingSource}).
 * {@link Findings#RULES} runs the rules in the order of their first kind here. That order is also
 * the tuner's last tie-break between candidates (CandidateRanking): what takes the limiting tier's
 * work (a missing index, the instance records) comes before what refines its plans (statistics).
 */
public enum FindingKind {
  /**
   * The middleware died in the window (out of heap, a crash, a kill): the orders it held were not
   * finished.
   */
  MIDDLEWARE_DIED(MiddlewareDeathRule::new),
  /**
   * A tier was killed in the window as the experiment asked ({@code workload.crash}) and started
   * again on its data: the window holds the outage.
   */
  TIER_CRASHED(TierCrashRule::new),
  /** A queue's backlog grows: its consuming stage is slower than the orders arriving. */
  QUEUE_BACKLOG(BacklogRule::new),
  /** The machine's CPU is nearly all used: the tier using most of it is the limit. */
  CPU_SATURATED(CpuSaturationRule::new),
  /** A JVM spends a large share of the run in GC pauses, or runs full collections in a loop. */
  GC_PRESSURE(GcRule::new),
  /**
   * The middleware's threads spend a share of the window waiting to enter one monitor (a recorded
   * window, {@code middleware.jvm.jfr}): the lock serializes them, named with where they wait.
   */
  HOT_MONITOR(HotMonitorRule::new),
  /** A hot table is read by sequential scans for a selective predicate: an index is missing. */
  SEQUENTIAL_SCAN(SequentialScanRule::new),
  /**
   * The middleware's record of its work (instance rows, dehydrated state, audit trail, tracking)
   * takes most of the database's statement time.
   */
  INSTANCE_RECORDS(InstanceRecordsRule::new),
  /**
   * PostgreSQL's autoanalyze gathered statistics inside the window ({@code db.autoanalyze=on}):
   * plans change within it, and repetitions its launcher visits differ from those it does not.
   */
  AUTOANALYZE_IN_WINDOW(AutoanalyzeRule::new),
  /**
   * Tables of some size without column statistics: nothing analyzed them, and the planner guesses
   * every selectivity.
   */
  NO_STATISTICS(NoStatisticsRule::new),
  /** Active database sessions mostly wait for WAL writes and flushes at commit. */
  COMMIT_WAITS(CommitWaitRule::new),
  /**
   * Active database sessions queue for the same rows or blocks (row locks, buffer content): hot
   * rows, named by table.
   */
  ROW_CONTENTION(RowContentionRule::new),
  /** Statements planned about as often as they run: literal SQL or no server-side prepares. */
  PARSE_HEAVY(ParseHeavyRule::new),
  /**
   * The sort hub's PL/pgSQL parse functions take a large share of the database's statement time:
   * work the middleware can do.
   */
  DATABASE_PARSING(DatabaseParsingRule::new),
  /** Connections near {@code max_connections}, or threads waiting for a pooled connection. */
  CONNECTION_LIMIT(ConnectionRule::new),
  /**
   * Requests that missed their deadline (late or failed) exceed {@code workload.maxMissPercent}:
   * with the slowest statements of the window.
   */
  DEADLINE_MISSES(DeadlineMissRule::new),
  /** Back-end (mock) latency is most of the end-to-end latency. */
  BACKEND_LATENCY(BackendLatencyRule::new),
  /**
   * A back-end failed a share of its calls: each failure faults its order unless the middleware
   * retries the call.
   */
  BACKEND_FAULTS(BackendFaultRule::new),
  /** Every engine thread busy while handed-off messages wait: the engine is the limit. */
  ENGINE_SATURATED(EngineRule::new),
  /**
   * Fetcher intake: polls come back full while orders wait in the inbox, so the fetchers' triple,
   * not the engine, sets the pace (the study's starving engine).
   */
  FETCHER_LIMIT(FetcherRule::new),
  /** Fetcher intake: most polls find the inbox empty, queries and garbage for no order. */
  POLLING_CHURN(FetcherRule::new),
  /**
   * Messaging: a queue's depth stayed at what its dequeue threads hold in hand: they wait for
   * messages, so the clients (their threads or their rate) are the limit, not the server. Raised by
   * the messaging plan's room.
   */
  QUEUE_EMPTY,
  /** The harness (load generator, mocks, controller) used a large share of the machine. */
  HARNESS_HEAVY(HarnessHeavyRule::new),
  /** Processes outside the stack used the CPU in the measured window: its numbers are disturbed. */
  NOISY_MACHINE(NoisyMachineRule::new);

  private final Supplier<FindingRule> rule;

  FindingKind(Supplier<FindingRule> rule) {
    this.rule = rule;
  }

  /** A kind raised only by a plan's room. */
  FindingKind() {
    this(null);
  }

  /** A new instance of the house's rule that raises this kind; none for a room's kind. */
  Optional<FindingRule> newRule() {
    return Optional.ofNullable(rule).map(Supplier::get);
  }
}
