package io.tunelab.run.observe;

import io.tunelab.core.findings.WaitProfile;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.stack.TierName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * PostgreSQL sampled each second: an active-session history (every session not idle, with its wait
 * event and, when it waits on a lock or an LWLock, the table it waits on; written as {@code
 * ash.csv}) and series {@code db.connections} (label {@code client}: client sessions connected, the
 * observer's included, as they count against {@code max_connections}), {@code db.activeSessions}
 * (label {@code client}) and {@code db.inbox} (label {@code NEW}: orders waiting in {@code
 * order_inbox} for a fetcher; recorded from the first sample that finds one, so a run with queue
 * intake has no such series).
 */
final class DbSource implements Source {
  static final String ASH_HEADER =
      "epochMillis,phase,pid,backendType,state,waitEventType,waitEvent,queryId,relation";

  /** Orders waiting in {@code order_inbox}, label NEW. */
  static final String INBOX = "db.inbox";

  private final PgObserver pg;
  private final int maxConnections;
  private final List<Row> history = new ArrayList<>();
  private boolean inboxUsed;

  private record Row(long epochMillis, PgObserver.Session session) {}

  DbSource(PgObserver pg) throws SQLException {
    this.pg = pg;
    this.maxConnections = pg.maxConnections();
  }

  @Override
  public String name() {
    return TierName.DB.label();
  }

  PgObserver pg() {
    return pg;
  }

  int maxConnections() {
    return maxConnections;
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) throws SQLException {
    int clients = 1;
    int active = 0;
    List<Row> rows = new ArrayList<>();
    for (PgObserver.Session session : pg.sessions()) {
      if ("client backend".equals(session.backendType())) {
        clients++;
      }
      if (session.activeClient()) {
        active++;
      }
      if (!"idle".equals(session.state())) {
        rows.add(new Row(epochMillis, session));
      }
    }
    synchronized (history) {
      history.addAll(rows);
    }
    store.add(epochMillis, "db.connections", "client", clients);
    store.add(epochMillis, "db.activeSessions", "client", active);
    long waiting = pg.inboxWaiting();
    inboxUsed |= waiting > 0;
    if (inboxUsed) {
      store.add(epochMillis, INBOX, "NEW", waiting);
    }
  }

  /** What active client sessions waited on in the measured window. */
  WaitProfile waits(Window window) {
    long active = 0;
    Map<String, Long> byEvent = new TreeMap<>();
    Map<String, Map<String, Long>> byRelation = new TreeMap<>();
    synchronized (history) {
      for (Row row : history) {
        PgObserver.Session session = row.session();
        if (window.measured(row.epochMillis()) && session.activeClient()) {
          active++;
          byEvent.merge(session.waitKey(), 1L, Long::sum);
          if (session.relation() != null) {
            byRelation
                .computeIfAbsent(session.waitKey(), k -> new TreeMap<>())
                .merge(session.relation(), 1L, Long::sum);
          }
        }
      }
    }
    return new WaitProfile(active, byEvent, byRelation);
  }

  void writeAsh(Path file, Window window) {
    OutputFiles.replaceText(
        file,
        StandardCharsets.UTF_8,
        out -> {
          out.write(ASH_HEADER);
          out.newLine();
          synchronized (history) {
            for (Row row : history) {
              PgObserver.Session s = row.session();
              out.write(
                  String.join(
                      ",",
                      Long.toString(row.epochMillis()),
                      window.phase(row.epochMillis()),
                      Integer.toString(s.pid()),
                      SeriesStore.csv(text(s.backendType())),
                      SeriesStore.csv(text(s.state())),
                      text(s.waitEventType()),
                      text(s.waitEvent()),
                      Long.toString(s.queryId()),
                      SeriesStore.csv(text(s.relation()))));
              out.newLine();
            }
          }
        });
  }

  private static String text(String value) {
    return value == null ? "" : value;
  }

  @Override
  public void close() {
    pg.close();
  }
}
