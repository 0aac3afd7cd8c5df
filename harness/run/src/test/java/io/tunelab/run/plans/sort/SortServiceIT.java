package io.tunelab.run.plans.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.run.plans.sort.SortRequests.MsgType;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The middleware's sort-request service on a real stack: each sort knob proven where it lands.
 * Literal SQL is planned on every call and bound SQL, server-prepared, almost never
 * (pg_stat_statements with track_planning; its entries fold literals, so sums are compared, not
 * entries); parsing in the database calls the PL/pgSQL functions once a request
 * (pg_stat_user_functions, track_functions); the database's parser and the generator agree on every
 * field; a re-scan updates the parcel's row; a malformed request is refused and writes nothing.
 */
class SortServiceIT {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /** One connection and one server thread: every statement runs on the same session. */
  private static final KnobSet ONE_SESSION =
      KnobSet.defaults()
          .with("middleware.jdbc.poolSize", "1")
          .with("middleware.sort.serverThreads", "1")
          .with("middleware.sort.parseIn", "middleware");

  private static final String SORT_STATEMENTS =
      "FROM pg_stat_statements WHERE toplevel AND dbid = (SELECT oid FROM pg_database"
          + " WHERE datname = current_database())"
          + " AND query ~ 'sort_(parcel|scan|read|route|chute|divert|parse)'";

  private static FlowFixture fixture;

  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @BeforeEach
  void cleanSlate() {
    fixture.reset();
    fixture.count("SELECT count(*) FROM (SELECT pg_stat_statements_reset()) AS reset");
  }

  @Test
  void literalSqlIsPlannedAtEveryCallAndBoundSqlOnlyUntilServerPrepared() throws Exception {
    long literalCalls = 0;
    for (String[] mode :
        List.of(
            new String[] {"literal", "5"},
            new String[] {"bind", "0"},
            new String[] {"bind", "5"})) {
      fixture.reset();
      fixture.count("SELECT count(*) FROM (SELECT pg_stat_statements_reset()) AS reset");
      KnobSet knobs =
          ONE_SESSION
              .with("middleware.sort.sql", mode[0])
              .with("middleware.jdbc.prepareThreshold", mode[1]);
      long statements = 0;
      try (MiddlewareTier middleware = fixture.middleware(knobs, "sort-" + mode[0] + mode[1])) {
        URI url = middleware.sortUrl();
        for (int n = 1; n <= 30; n++) {
          String[] answer =
              send(
                  url,
                  request(
                      MsgType.SC, "TLS" + Character.toUpperCase(mode[0].charAt(0)) + mode[1] + n));
          assertThat(answer[0]).as("answer %d", n).isEqualTo("OK");
          assertThat(answer[3]).isEqualTo("31");
          statements += Long.parseLong(answer[3]);
        }
        JsonNode status = middleware.status().path("sort");
        assertThat(status.path("sql").asText()).isEqualTo(mode[0]);
        assertThat(status.path("serverThreads").asInt()).isEqualTo(1);
        assertThat(status.path("sorted").asLong()).isEqualTo(30);
        assertThat(status.path("statements").asLong()).isEqualTo(statements);
      }
      long calls = fixture.count("SELECT sum(calls) " + SORT_STATEMENTS);
      long plans = fixture.count("SELECT sum(plans) " + SORT_STATEMENTS);
      assertThat(calls)
          .as("%s: every statement reached the database", (Object) mode)
          .isEqualTo(statements);
      if (mode[0].equals("literal") || mode[1].equals("0")) {
        // a new statement, or an unnamed one (prepareThreshold 0), is planned at every call
        assertThat(plans).as("plans of %s/%s", mode[0], mode[1]).isEqualTo(calls);
      } else {
        // server-prepared after 5 calls, then 5 custom plans, then the generic plan: 10 statements
        // planned about 10 times each, against 930 calls
        assertThat(plans).as("plans of bind/5").isLessThan(calls / 4);
      }
      if (mode[0].equals("literal")) {
        literalCalls = calls;
      }
    }
    assertThat(literalCalls).isEqualTo(30 * 31);
  }

  @Test
  void parsingInTheDatabaseCallsEachFunctionOncePerRequestAndAgreesWithTheGenerator()
      throws Exception {
    KnobSet knobs = ONE_SESSION.with("middleware.sort.parseIn", "database");
    List<SortRequests.Request> sent = new ArrayList<>();
    for (MsgType type : MsgType.values()) {
      for (int n = 1; n <= 3; n++) {
        sent.add(requestOf(type, "TLDB" + type + n));
      }
    }
    try (MiddlewareTier middleware = fixture.middleware(knobs, "sort-database")) {
      URI url = middleware.sortUrl();
      for (SortRequests.Request request : sent) {
        String[] answer = send(url, request.fixedWidth());
        assertThat(answer[0]).isEqualTo("OK");
        assertThat(answer[1]).isEqualTo(request.barcode());
        assertThat(Integer.parseInt(answer[3])).isEqualTo(7 + 3 * request.msgType().reads() + 2);
      }
      // a re-scan of the first parcel updates its row, a second scan of it
      assertThat(send(url, sent.get(0).fixedWidth())[0]).isEqualTo("OK");
      // the server's backend reports its function calls when idle, within about 10 s
      await()
          .atMost(Duration.ofSeconds(40))
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> functionCalls("sort_parse_header") == 10);
      assertThat(functionCalls("sort_parse_reads")).isEqualTo(10);

      long scans = fixture.count("SELECT count(*) FROM sort_scan");
      String[] bad = send(url, sent.get(1).fixedWidth().substring(1));
      assertThat(bad[0]).isEqualTo("BAD");
      assertThat(fixture.count("SELECT count(*) FROM sort_scan")).isEqualTo(scans);
      JsonNode status = middleware.status().path("sort");
      assertThat(status.path("parseIn").asText()).isEqualTo("database");
      assertThat(status.path("rescans").asLong()).isEqualTo(1);
      assertThat(status.path("badRequests").asLong()).isEqualTo(1);
    }

    assertThat(fixture.count("SELECT count(*) FROM sort_parcel")).isEqualTo(9);
    assertThat(fixture.count("SELECT count(*) FROM sort_scan")).isEqualTo(10);
    assertThat(fixture.count("SELECT scans FROM sort_parcel WHERE barcode = 'TLDBSC1'"))
        .isEqualTo(2);
    assertThat(fixture.count("SELECT count(*) FROM sort_read")).isEqualTo(3 * (8 + 16 + 31) + 8);
    assertThat(fixture.count("SELECT count(*) FROM sort_read WHERE status = 'READ'")).isZero();
    assertThat(fixture.count("SELECT sum(diverted) FROM sort_chute")).isEqualTo(10);
    for (SortRequests.Request request : sent) {
      List<String> row = new ArrayList<>();
      fixture.query(
          "SELECT p.device_id, p.destination, p.weight_g, p.length_mm, p.width_mm, p.height_mm,"
              + " s.scanned_at, s.msg_type, s.reads FROM sort_parcel p JOIN sort_scan s USING"
              + " (parcel_id) WHERE p.barcode = '"
              + request.barcode()
              + "' ORDER BY s.scan_id LIMIT 1",
          rows -> {
            for (int column = 1; column <= 9; column++) {
              row.add(
                  column == 7
                      ? rows.getObject(column, LocalDateTime.class).toString()
                      : rows.getString(column).strip());
            }
          });
      assertThat(row)
          .as(request.barcode())
          .containsExactly(
              request.deviceId(),
              Integer.toString(request.destination()),
              Integer.toString(request.weightGrams()),
              Integer.toString(request.lengthMm()),
              Integer.toString(request.widthMm()),
              Integer.toString(request.heightMm()),
              LocalDateTime.ofInstant(request.scannedAt(), ZoneOffset.UTC).toString(),
              request.msgType().name(),
              Integer.toString(request.msgType().reads()));
    }
    List<String> reads = new ArrayList<>();
    fixture.query(
        "SELECT r.kind || '/' || r.value || '/' || r.confidence FROM sort_read r JOIN sort_scan s"
            + " USING (scan_id) JOIN sort_parcel p USING (parcel_id)"
            + " WHERE p.barcode = 'TLDBMX2' ORDER BY r.seq",
        rows -> reads.add(rows.getString(1)));
    assertThat(reads)
        .containsExactlyElementsOf(
            requestOf(MsgType.MX, "TLDBMX2").reads().stream()
                .map(read -> read.kind() + "/" + read.value() + "/" + read.confidence())
                .toList());
  }

  private static long functionCalls(String function) {
    return fixture.count(
        "SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions WHERE funcname = '"
            + function
            + "'");
  }

  private static String request(MsgType type, String barcode) {
    return requestOf(type, barcode).fixedWidth();
  }

  /** A request whose reads are all confident labels but every third, so it is routed. */
  private static SortRequests.Request requestOf(MsgType type, String barcode) {
    List<SortRequests.Read> reads =
        IntStream.range(0, type.reads())
            .mapToObj(
                i ->
                    new SortRequests.Read(
                        SortRequests.READ_KINDS.get(i % SortRequests.READ_KINDS.size()),
                        barcode + i,
                        i % 3 == 2 ? 20 : 90))
            .toList();
    return new SortRequests.Request(
        type,
        "DEV00042",
        barcode,
        Instant.parse("2026-11-24T10:15:30.123Z"),
        1 + barcode.length() * 37,
        1250,
        400,
        300,
        200,
        reads);
  }

  /** The answer's words: {@code OK <barcode> <chute> <statements>} or {@code BAD <why>}. */
  private static String[] send(URI url, String body) throws IOException, InterruptedException {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(url)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/plain; charset=us-ascii")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    String[] words = response.body().strip().split(" ");
    assertThat(response.statusCode())
        .as(response.body())
        .isEqualTo(words[0].equals("OK") ? 200 : words[0].equals("BAD") ? 400 : 500);
    return words;
  }
}
