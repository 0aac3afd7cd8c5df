package io.tunelab.tiers.db;

import io.tunelab.tiers.TierProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Stops the PostgreSQL server when its owner (the controller) dies. The tier JVMs watch their owner
 * themselves (OwnerWatchdog); a postmaster does not watch its parent, so a one-line shell loop does
 * it: it polls both processes every second, sends the fast-shutdown signal (SIGINT) when the owner
 * is gone, SIGKILL if the server is still there 30 s later, and ends on its own when the server
 * ends, so it never outlives the tier.
 */
final class OwnerWatch {
  private static final String SCRIPT =
      """
      owner=$1; server=$2
      while kill -0 "$server" 2>/dev/null; do
        if ! kill -0 "$owner" 2>/dev/null; then
          echo "tunelab: owner $owner is gone; stopping PostgreSQL (pid $server)"
          kill -INT "$server"
          i=0
          while kill -0 "$server" 2>/dev/null && [ "$i" -lt 30 ]; do sleep 1; i=$((i+1)); done
          kill -0 "$server" 2>/dev/null && kill -KILL "$server"
          exit 0
        fi
        sleep 1
      done
      """;

  /**
   * How long a watch is given to end by itself when stopped: none. It holds no state, and a polite
   * SIGTERM ended the shell but left its {@code sleep 1} for up to a second, which every stack's
   * stop waited for (1.2-1.5 s of the 5 s from a run's last repetition to its exit).
   */
  static final Duration NO_GRACE = Duration.ZERO;

  private OwnerWatch() {}

  static TierProcess start(long ownerPid, long serverPid, Path dir) {
    return TierProcess.start(
        "db",
        List.of(
            "sh",
            "-c",
            SCRIPT,
            "tunelab-db-owner-watch",
            Long.toString(ownerPid),
            Long.toString(serverPid)),
        dir,
        dir.resolve("owner-watch.log"),
        Map.of());
  }
}
