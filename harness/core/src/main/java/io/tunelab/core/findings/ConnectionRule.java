package io.tunelab.core.findings;

import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.List;

/**
 * Too few connections: the server close to {@code max_connections} (new connections are refused,
 * the studies' ORA-12519), or middleware threads queueing for a pooled connection.
 *
 * <p>Qualifies when the database refused the middleware's pool a connection (SQLSTATE 53300,
 * counted by the middleware), when the peak of connected client sessions reached {@value
 * #MAX_CONNECTION_PERCENT}% of {@code max_connections}, or at least {@value
 * #MIN_WAITING_SHARE_PERCENT}% of the pool samples (at least {@value #MIN_POOL_SAMPLES} of them)
 * had a thread waiting for a connection.
 */
final class ConnectionRule implements FindingRule {
  static final double MAX_CONNECTION_PERCENT = 90;
  static final double MIN_WAITING_SHARE_PERCENT = 20;
  static final long MIN_POOL_SAMPLES = 5;

  /** Sessions run out at the server: give it more, or let the pools ask for fewer. */
  private static final List<Candidate> MORE_SESSIONS =
      List.of(
          Candidate.raise(DbKnobs.MAX_CONNECTIONS),
          Candidate.lower(MiddlewareKnobs.JDBC_POOL_SIZE));

  @Override
  public List<Finding> apply(RunData data) {
    Connections c = data.connections();
    List<Finding> findings = new ArrayList<>();
    if (c.refusals() > 0) {
      List<String> evidence = new ArrayList<>();
      evidence.add(
          "series middleware.jdbcConnectionRefusals: " + c.refusals() + " since its start");
      if (c.maxConnections() > 0) {
        evidence.add("series db.connections: max " + c.peakConnections());
        evidence.add("max_connections: " + c.maxConnections());
      }
      findings.add(
          new Finding(
              FindingKind.CONNECTION_LIMIT,
              TierName.DB.label(),
              String.format(
                  "the database refused the middleware's pool %d connection%s (SQLSTATE 53300,"
                      + " too many clients): the pool ran with fewer sessions than"
                      + " middleware.jdbc.poolSize; raise db.server.max_connections or shrink the"
                      + " pools",
                  c.refusals(), c.refusals() == 1 ? "" : "s"),
              evidence,
              MORE_SESSIONS));
    } else if (c.maxConnections() > 0
        && 100.0 * c.peakConnections() / c.maxConnections() >= MAX_CONNECTION_PERCENT) {
      findings.add(
          new Finding(
              FindingKind.CONNECTION_LIMIT,
              TierName.DB.label(),
              String.format(
                  "client connections peaked at %d of max_connections=%d: new connections are"
                      + " refused at the limit; raise db.server.max_connections or shrink the pools",
                  c.peakConnections(), c.maxConnections()),
              List.of(
                  "series db.connections: max " + c.peakConnections(),
                  "max_connections: " + c.maxConnections()),
              MORE_SESSIONS));
    }
    if (c.poolSamples() >= MIN_POOL_SAMPLES) {
      double share = 100.0 * c.poolSamplesWithWaiters() / c.poolSamples();
      if (share >= MIN_WAITING_SHARE_PERCENT) {
        findings.add(
            new Finding(
                FindingKind.CONNECTION_LIMIT,
                TierName.MIDDLEWARE.label(),
                String.format(
                    "threads waited for a JDBC connection in %.0f%% of the samples (up to %d at"
                        + " once): %s",
                    share,
                    c.peakPoolWaiters(),
                    c.refusals() > 0
                        ? "the database refused the pool its sessions, so a bigger"
                            + " middleware.jdbc.poolSize would not help; give the database more"
                            + " (db.server.max_connections)"
                        : "the pool is too small for the consumers; raise"
                            + " middleware.jdbc.poolSize"),
                List.of(
                    String.format(
                        "series middleware.jdbcThreadsAwaitingConnection: %d of %d samples above"
                            + " 0, max %d",
                        c.poolSamplesWithWaiters(), c.poolSamples(), c.peakPoolWaiters())),
                c.refusals() > 0
                    ? List.of(Candidate.raise(DbKnobs.MAX_CONNECTIONS))
                    : List.of(Candidate.raise(MiddlewareKnobs.JDBC_POOL_SIZE))));
      }
    }
    return findings;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(Connections.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.CONNECTION_LIMIT,
            "client connections peaked at 90%+ of `max_connections`; or 20%+ of 5+ pool "
                + "samples had a thread waiting for a JDBC connection",
            "raise `db.server.max_connections` / shrink pools; raise "
                + "`middleware.jdbc.poolSize`"));
  }
}
