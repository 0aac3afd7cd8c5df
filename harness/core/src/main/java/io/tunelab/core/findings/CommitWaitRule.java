package io.tunelab.core.findings;

import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Active database sessions mostly waiting for the write-ahead log at commit: each commit waits for
 * its WAL flush (the studies' "log file sync"), so {@code synchronous_commit}, the disk's sync
 * speed or batching more work per transaction is what to change.
 *
 * <p>Qualifies when, over the measured window, at least {@value #MIN_ACTIVE_SAMPLES} active client
 * sessions were sampled and at least {@value #MIN_SHARE_PERCENT}% of them waited on one of {@link
 * #WAL_EVENTS}.
 */
final class CommitWaitRule implements FindingRule {
  static final long MIN_ACTIVE_SAMPLES = 20;
  static final double MIN_SHARE_PERCENT = 30;

  /** Wait events of a session writing or flushing WAL, or waiting for a standby to confirm it. */
  static final Set<String> WAL_EVENTS =
      Set.of(
          "IO:WALSync",
          "IO:WALWrite",
          "IO:WALInitSync",
          "IO:WALInitWrite",
          "LWLock:WALWrite",
          "LWLock:WALInsert",
          "LWLock:WALBufMapping",
          "IPC:SyncRep");

  @Override
  public List<Finding> apply(RunData data) {
    WaitProfile waits = data.waits();
    if (waits.activeSamples() < MIN_ACTIVE_SAMPLES) {
      return List.of();
    }
    long wal = 0;
    List<String> evidence = new ArrayList<>();
    for (Map.Entry<String, Long> event : waits.byEvent().entrySet()) {
      if (WAL_EVENTS.contains(event.getKey())) {
        wal += event.getValue();
        evidence.add(String.format("ash.csv %s: %d samples", event.getKey(), event.getValue()));
      }
    }
    double share = 100.0 * wal / waits.activeSamples();
    if (share < MIN_SHARE_PERCENT) {
      return List.of();
    }
    evidence.add(0, "ash.csv active client sessions: " + waits.activeSamples() + " samples");
    String message =
        String.format(
            "%.0f%% of active database sessions waited on WAL writes and flushes (%d of %d"
                + " samples): commits wait for the log; try db.server.synchronous_commit=off, a faster"
                + " disk, or more work per transaction",
            share, wal, waits.activeSamples());
    return List.of(
        new Finding(
            FindingKind.COMMIT_WAITS,
            TierName.DB.label(),
            message,
            evidence,
            // a durability trade: a tuner tries it only when allowed to
            List.of(Candidate.set(DbKnobs.SYNCHRONOUS_COMMIT, DbKnobs.SynchronousCommit.OFF))));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(WaitProfile.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.COMMIT_WAITS,
            "20+ active client sessions sampled and at least 30% waited on WAL "
                + "(`IO:WALSync`, `IO:WALWrite`, `IO:WALInit*`, `LWLock:WALWrite`, "
                + "`LWLock:WALInsert`, `LWLock:WALBufMapping`, `IPC:SyncRep`)",
            "`db.server.synchronous_commit`, disk sync, more work per transaction"));
  }
}
