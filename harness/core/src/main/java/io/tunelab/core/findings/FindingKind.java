package io.tunelab.core.findings;

/** The conclusions tunelab draws from a run, one per rule. */
public enum FindingKind {
  /** A queue's backlog grows: its consuming stage is slower than the orders arriving. */
  QUEUE_BACKLOG,
  /** The machine's CPU is nearly all used: the tier using most of it is the limit. */
  CPU_SATURATED,
  /** A JVM spends a large share of the run in GC pauses, or runs full collections in a loop. */
  GC_PRESSURE,
  /**
   * The middleware's threads spend a share of the window waiting to enter one monitor (a recorded
   * window, {@code middleware.jvm.jfr}): the lock serializes them, named with where they wait.
   */
  HOT_MONITOR,
  /** A hot table is read by sequential scans for a selective predicate: an index is missing. */
  SEQUENTIAL_SCAN,
  /** Active database sessions mostly wait for WAL writes and flushes at commit. */
  COMMIT_WAITS,
  /**
   * Active database sessions queue for the same rows or blocks (row locks, buffer content): hot
   * rows, named by table.
   */
  ROW_CONTENTION,
  /** Statements planned about as often as they run: literal SQL or no server-side prepares. */
  PARSE_HEAVY,
  /** Connections near {@code max_connections}, or threads waiting for a pooled connection. */
  CONNECTION_LIMIT,
  /**
   * Requests that missed their deadline (late or failed) exceed {@code workload.maxMissPercent}:
   * with the slowest statements of the window.
   */
  DEADLINE_MISSES,
  /** Back-end (mock) latency is most of the end-to-end latency. */
  BACKEND_LATENCY,
  /**
   * A back-end failed a share of its calls: each failure faults its order unless the middleware
   * retries the call.
   */
  BACKEND_FAULTS,
  /** Every engine thread busy while handed-off messages wait: the engine is the limit. */
  ENGINE_SATURATED,
  /**
   * Fetcher intake: polls come back full while orders wait in the inbox, so the fetchers' triple,
   * not the engine, sets the pace (the study's starving engine).
   */
  FETCHER_LIMIT,
  /** Fetcher intake: most polls find the inbox empty, queries and garbage for no order. */
  POLLING_CHURN,
  /**
   * Messaging: a queue's depth stayed at what its dequeue threads hold in hand: they wait for
   * messages, so the clients (their threads or their rate) are the limit, not the server.
   */
  QUEUE_EMPTY,
  /**
   * The middleware died in the window (out of heap, a crash, a kill): the orders it held were not
   * finished.
   */
  MIDDLEWARE_DIED,
  /**
   * A tier was killed in the window as the experiment asked ({@code workload.crash}) and started
   * again on its data: the window holds the outage.
   */
  TIER_CRASHED,
  /** The harness (load generator, mocks, controller) used a large share of the machine. */
  HARNESS_HEAVY,
  /** Processes outside the stack used the CPU in the measured window: its numbers are disturbed. */
  NOISY_MACHINE
}
