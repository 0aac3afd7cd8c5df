package io.tunelab.middleware.sort;

import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.MiddlewareSettings.ParseIn;
import io.tunelab.middleware.db.DbException;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.http.WorkerServer.Answer;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Answers one sort request in one transaction: parse it (in Java or in the database), upsert the
 * parcel (a re-scan updates the row an earlier request wrote seconds ago), insert its scan and
 * every read, look up the destination's chute, read each read back and judge it, route the parcel,
 * count the divert on its chute's row and record it. That is 7 + 3 x reads statements (31, 55 or
 * 100 for the 8, 16 or 31 reads of {@code SC}, {@code DM}, {@code MX}), 2 more when the database
 * parses.
 *
 * <p>The answer is {@code OK <barcode> <chute> <statements>}; chute 0 is the exception area (no
 * label read accepted, or a destination without a route). A malformed request is answered 400
 * {@code BAD <why>} and writes nothing; a database failure 500 {@code ERROR <why>}, rolled back.
 */
final class SortService {
  /** A read below this confidence is rejected. */
  static final int MIN_CONFIDENCE = 50;

  /** The exception area's chute. */
  static final int EXCEPTION_CHUTE = 0;

  private final Pool pool;
  private final MiddlewareSettings.Sort settings;
  private final SortCounters counters;

  SortService(Pool pool, MiddlewareSettings.Sort settings, SortCounters counters) {
    this.pool = pool;
    this.settings = settings;
    this.counters = counters;
  }

  /** Never throws: every failure is an answer. */
  Answer answer(String request) {
    counters.received.increment();
    try {
      Sorted sorted =
          pool.inTransaction(
              connection ->
                  sort(
                      new SortSql(connection, settings.sql() == MiddlewareSettings.SortSql.LITERAL),
                      request));
      counters.sorted(sorted);
      return new Answer(
          200,
          "OK " + sorted.barcode() + " " + sorted.chute() + " " + sorted.statements() + "\n",
          "text/plain");
    } catch (SortRequest.BadRequest | DateTimeException e) {
      counters.badRequests.increment();
      return new Answer(400, "BAD " + e.getMessage() + "\n", "text/plain");
    } catch (DbException e) {
      if (isBadInput(e)) {
        counters.badRequests.increment();
        return new Answer(400, "BAD " + e.getMessage() + "\n", "text/plain");
      }
      counters.failed.increment();
      return new Answer(500, "ERROR " + e.getMessage() + "\n", "text/plain");
    } catch (RuntimeException e) {
      counters.failed.increment();
      return new Answer(500, "ERROR " + e + "\n", "text/plain");
    }
  }

  /** The database refused the request's data (SQLSTATE class 22), parsing it in PL/pgSQL. */
  private static boolean isBadInput(DbException e) {
    return e.getCause() instanceof SQLException sql
        && sql.getSQLState() != null
        && sql.getSQLState().startsWith("22");
  }

  /** What one request did. */
  record Sorted(String msgType, String barcode, int chute, boolean rescan, int statements) {}

  private Sorted sort(SortSql sql, String raw) throws SQLException {
    SortRequest request =
        settings.parseIn() == ParseIn.DATABASE ? parseInDatabase(sql, raw) : SortRequest.parse(raw);
    boolean rescan =
        !sql.query(
                "SELECT parcel_id FROM sort_parcel WHERE barcode = ?",
                row -> row.getLong(1),
                request.barcode())
            .isEmpty();
    long parcel =
        sql.query(
                "INSERT INTO sort_parcel (barcode, device_id, destination, weight_g, length_mm,"
                    + " width_mm, height_mm, state) VALUES (?, ?, ?, ?, ?, ?, ?, 'SCANNED')"
                    + " ON CONFLICT (barcode) DO UPDATE SET scans = sort_parcel.scans + 1,"
                    + " device_id = EXCLUDED.device_id, state = 'RESCANNED', updated_at = now()"
                    + " RETURNING parcel_id",
                row -> row.getLong(1),
                request.barcode(),
                request.deviceId(),
                request.destination(),
                request.weightGrams(),
                request.lengthMm(),
                request.widthMm(),
                request.heightMm())
            .get(0);
    long scan =
        sql.query(
                "INSERT INTO sort_scan (parcel_id, device_id, msg_type, scanned_at, reads)"
                    + " VALUES (?, ?, ?, ?, ?) RETURNING scan_id",
                row -> row.getLong(1),
                parcel,
                request.deviceId(),
                request.msgType(),
                request.scannedAt(),
                request.reads().size())
            .get(0);
    for (SortRequest.Read read : request.reads()) {
      sql.update(
          "INSERT INTO sort_read (scan_id, seq, kind, value, confidence) VALUES (?, ?, ?, ?, ?)",
          scan,
          read.seq(),
          read.kind(),
          read.value(),
          read.confidence());
    }
    List<Integer> route =
        sql.query(
            "SELECT chute FROM sort_route WHERE destination = ?",
            row -> row.getInt(1),
            request.destination());
    boolean labelAccepted = false;
    for (SortRequest.Read read : request.reads()) {
      Judged judged =
          sql.query(
                  "SELECT kind, confidence FROM sort_read WHERE scan_id = ? AND seq = ?",
                  row -> new Judged(row.getString(1), row.getInt(2) >= MIN_CONFIDENCE),
                  scan,
                  read.seq())
              .get(0);
      labelAccepted |= judged.accepted() && judged.kind().startsWith("LBL");
      sql.update(
          "UPDATE sort_read SET status = ? WHERE scan_id = ? AND seq = ?",
          judged.accepted() ? "ACCEPTED" : "REJECTED",
          scan,
          read.seq());
    }
    int chute = labelAccepted && !route.isEmpty() ? route.get(0) : EXCEPTION_CHUTE;
    sql.update(
        "UPDATE sort_parcel SET state = 'ROUTED', chute = ?, updated_at = now()"
            + " WHERE parcel_id = ?",
        chute,
        parcel);
    sql.update(
        "UPDATE sort_chute SET diverted = diverted + 1, last_parcel = ?, updated_at = now()"
            + " WHERE chute = ?",
        parcel,
        chute);
    sql.update(
        "INSERT INTO sort_divert (scan_id, parcel_id, chute) VALUES (?, ?, ?)",
        scan,
        parcel,
        chute);
    return new Sorted(request.msgType(), request.barcode(), chute, rescan, sql.statements());
  }

  private record Judged(String kind, boolean accepted) {}

  /** The request cut by {@code sort_parse_header} and {@code sort_parse_reads} (PL/pgSQL). */
  private static SortRequest parseInDatabase(SortSql sql, String raw) throws SQLException {
    SortRequest header =
        sql.query(
                "SELECT msg_type, device_id, barcode, scanned_at, destination, weight_g,"
                    + " length_mm, width_mm, height_mm FROM sort_parse_header(?)",
                row ->
                    new SortRequest(
                        row.getString(1),
                        row.getString(2),
                        row.getString(3),
                        row.getObject(4, LocalDateTime.class),
                        row.getInt(5),
                        row.getInt(6),
                        row.getInt(7),
                        row.getInt(8),
                        row.getInt(9),
                        List.of()),
                raw)
            .get(0);
    return header.withReads(
        sql.query(
            "SELECT seq, kind, value, confidence FROM sort_parse_reads(?)",
            row ->
                new SortRequest.Read(
                    row.getInt(1), row.getString(2), row.getString(3), row.getInt(4)),
            raw));
  }
}
