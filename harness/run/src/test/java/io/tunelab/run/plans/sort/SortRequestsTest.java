package io.tunelab.run.plans.sort;

import static io.tunelab.run.plans.sort.SortRequests.BARCODE_OFFSET;
import static io.tunelab.run.plans.sort.SortRequests.TOTAL_LENGTH;
import static io.tunelab.run.plans.sort.SortRequests.readSlotOffset;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.BadInputException;
import io.tunelab.run.plans.sort.SortRequests.Mix;
import io.tunelab.run.plans.sort.SortRequests.MsgType;
import io.tunelab.run.plans.sort.SortRequests.Read;
import io.tunelab.run.plans.sort.SortRequests.Request;
import io.tunelab.run.plans.sort.SortRequests.Spec;
import io.tunelab.run.plans.sort.SortRequests.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortRequestsTest {
  private static final Instant SCANNED = Instant.parse("2026-03-14T09:26:53.589Z");
  private static final Clock CLOCK = Clock.fixed(SCANNED, ZoneOffset.UTC);

  @TempDir Path dir;

  /** One CSV row, split into its five columns. */
  private record Row(String msgType, String deviceId, String barcode, boolean rescan, String req) {
    static Row of(String line) {
      String[] columns = line.split(",", -1);
      assertThat(columns).as("columns of %s", line).hasSize(5);
      return new Row(
          columns[0], columns[1], columns[2], Boolean.parseBoolean(columns[3]), columns[4]);
    }
  }

  private List<Row> write(Spec spec, String name) throws IOException {
    Path csv = dir.resolve(name);
    SortRequests.write(csv, spec, CLOCK);
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0)).isEqualTo("msgType,deviceId,barcode,rescan,request");
    return lines.stream().skip(1).map(Row::of).toList();
  }

  private static Spec spec(long seed, int rows, String mix, int rescanPercent, int after) {
    return new Spec(seed, rows, Mix.parse(mix), rescanPercent, after, 40, 500);
  }

  private static List<Read> reads(int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> new Read(SortRequests.READ_KINDS.get(i % 5), "V" + i, i))
        .toList();
  }

  @Test
  void aRequestPutsEveryFieldAtItsOffset() {
    Request request =
        new Request(
            MsgType.DM, "DEV00017", "TL123456789012", SCANNED, 42, 12_345, 600, 400, 30, reads(16));

    String text = request.fixedWidth();

    assertThat(text).hasSize(TOTAL_LENGTH).matches("[A-Z0-9 ]*");
    assertThat(text.substring(0, 2)).isEqualTo("DM");
    assertThat(text.substring(2, 10)).isEqualTo("DEV00017");
    assertThat(text.substring(10, 30)).isEqualTo("TL123456789012      ");
    assertThat(text.substring(30, 47)).isEqualTo("20260314092653589");
    assertThat(text.substring(47, 53)).isEqualTo("000042");
    assertThat(text.substring(53, 60)).isEqualTo("0012345");
    assertThat(text.substring(60, 65)).isEqualTo("00600");
    assertThat(text.substring(65, 70)).isEqualTo("00400");
    assertThat(text.substring(70, 75)).isEqualTo("00030");
    assertThat(text.substring(75, 77)).isEqualTo("16");
    assertThat(text.substring(77, 100)).isBlank().hasSize(23);
    assertThat(text.substring(100, 160))
        .isEqualTo("LBL1" + "V0" + " ".repeat(18) + "000" + " ".repeat(33));
    assertThat(text.substring(1000, 1060))
        .isEqualTo("LBL1V15" + " ".repeat(17) + "015" + " ".repeat(33));
    assertThat(text.substring(1060, 2000)).as("slots 16..30 and the trailer").isBlank();
  }

  @Test
  void theLayoutConstantsAddUpToTheTwoThousandCharacters() {
    assertThat(SortRequests.HEIGHT_MM_OFFSET + SortRequests.HEIGHT_MM_CHARS)
        .isEqualTo(SortRequests.READ_COUNT_OFFSET);
    assertThat(readSlotOffset(30)).isEqualTo(1900);
    assertThat(SortRequests.TRAILER_OFFSET).isEqualTo(1960);
    assertThat(MsgType.SC.reads()).isEqualTo(8);
    assertThat(MsgType.DM.reads()).isEqualTo(16);
    assertThat(MsgType.MX.reads()).isEqualTo(SortRequests.READ_SLOTS).isEqualTo(31);
  }

  @Test
  void theEnginesSharesHoldEveryRowOnceInItsOrderUnderTheHeader() throws IOException {
    Path csv = dir.resolve("sort-requests.csv");
    SortRequests.write(csv, spec(3, 7, "1:1:1", 0, 1), CLOCK);
    List<String> lines = Files.readAllLines(csv);

    SortRequests.splitForEngines(csv, 3);

    assertThat(Files.readAllLines(dir.resolve("sort-requests.engine-1.csv")))
        .containsExactly(lines.get(0), lines.get(1), lines.get(4), lines.get(7));
    assertThat(Files.readAllLines(dir.resolve("sort-requests.engine-2.csv")))
        .containsExactly(lines.get(0), lines.get(2), lines.get(5));
    assertThat(Files.readAllLines(SortRequests.engineCsv(csv, 3)))
        .containsExactly(lines.get(0), lines.get(3), lines.get(6));
  }

  @Test
  void everyWrittenRequestIsWellFormedWithItsTypesReadCount() throws IOException {
    List<Row> rows = write(spec(7, 2_000, "1:1:1", 10, 50), "layout.csv");

    assertThat(rows).hasSize(2_000);
    for (Row row : rows) {
      String text = row.req();
      int reads = MsgType.valueOf(row.msgType()).reads();
      assertThat(text).hasSize(TOTAL_LENGTH).matches("[A-Z0-9 ]*");
      assertThat(text.substring(0, 2)).isEqualTo(row.msgType());
      assertThat(text.substring(2, 10)).isEqualTo(row.deviceId()).matches("DEV[0-9]{5}");
      assertThat(text.substring(BARCODE_OFFSET, 30).trim()).isEqualTo(row.barcode());
      assertThat(row.barcode()).matches("TL[0-9]{12,16}");
      assertThat(text.substring(30, 47)).isEqualTo("20260314092653589");
      assertThat(Integer.parseInt(text.substring(47, 53))).isBetween(1, 500);
      assertThat(Integer.parseInt(text.substring(75, 77))).isEqualTo(reads);
      for (int slot = 0; slot < reads; slot++) {
        String read = text.substring(readSlotOffset(slot), readSlotOffset(slot + 1));
        assertThat(read.substring(0, 4)).isIn(SortRequests.READ_KINDS);
        assertThat(Integer.parseInt(read.substring(24, 27))).isBetween(0, 100);
        assertThat(read.substring(27)).isBlank();
      }
      assertThat(text.substring(readSlotOffset(reads))).isBlank();
    }
  }

  @Test
  void theMixDecidesTheShareOfEachMessageType() throws IOException {
    Path csv = dir.resolve("mix.csv");
    Summary summary = SortRequests.write(csv, spec(3, 10_000, "6:3:1", 0, 100), CLOCK);

    assertThat(summary.rows()).isEqualTo(10_000);
    assertThat(summary.rowsByMsgType().get(MsgType.SC) / 10_000.0).isCloseTo(0.6, within(0.03));
    assertThat(summary.rowsByMsgType().get(MsgType.DM) / 10_000.0).isCloseTo(0.3, within(0.03));
    assertThat(summary.rowsByMsgType().get(MsgType.MX) / 10_000.0).isCloseTo(0.1, within(0.02));
    assertThat(summary.rescans()).isZero();
    List<Row> rows = write(spec(3, 10_000, "0:1:0", 0, 100), "dm-only.csv");
    assertThat(rows).extracting(Row::msgType).containsOnly("DM");
  }

  @Test
  void aRescanReusesTheParcelOfTheRowThatManyRowsEarlier() throws IOException {
    int after = 100;
    List<Row> rows = write(spec(5, 10_000, "1:1:1", 20, after), "rescans.csv");

    assertThat(rows.subList(0, after)).noneMatch(Row::rescan);
    long rescans = rows.stream().filter(Row::rescan).count();
    assertThat(rescans / 9_900.0).isCloseTo(0.20, within(0.02));
    Set<String> firstScans = new HashSet<>();
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      if (row.rescan()) {
        Row earlier = rows.get(i - after);
        assertThat(row.barcode()).isEqualTo(earlier.barcode());
        assertThat(row.req().substring(47, 75))
            .as("destination, weight and dimensions")
            .isEqualTo(earlier.req().substring(47, 75));
      } else {
        assertThat(firstScans.add(row.barcode())).as("new barcode %s", row.barcode()).isTrue();
      }
    }
    Summary summary =
        SortRequests.write(dir.resolve("again.csv"), spec(5, 10_000, "1:1:1", 20, 100));
    assertThat(summary.rescans()).isEqualTo((int) rescans);
  }

  @Test
  void theSameSpecWritesTheSameRowsAndAnotherSeedOthers() throws IOException {
    List<Row> first = write(spec(11, 500, "1:1:1", 10, 20), "first.csv");
    List<Row> again = write(spec(11, 500, "1:1:1", 10, 20), "again.csv");
    List<Row> other = write(spec(12, 500, "1:1:1", 10, 20), "other.csv");

    assertThat(again).isEqualTo(first);
    assertThat(other).hasSameSizeAs(first).isNotEqualTo(first);
  }

  @Test
  void onlyScannedAtFollowsTheClock() throws IOException {
    Path csv = dir.resolve("now.csv");
    SortRequests.write(csv, spec(11, 50, "1:1:1", 10, 20));
    List<Row> now = Files.readAllLines(csv).stream().skip(1).map(Row::of).toList();
    List<Row> fixed = write(spec(11, 50, "1:1:1", 10, 20), "fixed.csv");

    for (int i = 0; i < now.size(); i++) {
      String a = now.get(i).req();
      String b = fixed.get(i).req();
      assertThat(a.substring(0, 30) + a.substring(47))
          .isEqualTo(b.substring(0, 30) + b.substring(47));
    }
  }

  @Test
  void rejectsEachBadSpecValueNamingItsRange() {
    Mix mix = Mix.parse("1:1:1");
    assertThatThrownBy(() -> new Spec(1, 0, mix, 0, 1, 1, 1))
        .isInstanceOf(BadInputException.class)
        .hasMessage("sort-requests CSV: rows must be 1..10000000, was 0");
    assertThatThrownBy(() -> new Spec(1, 1, null, 0, 1, 1, 1)).hasMessageContaining("mix must be");
    assertThatThrownBy(() -> new Spec(1, 1, mix, 101, 1, 1, 1))
        .hasMessageContaining("rescanPercent must be 0..100, was 101");
    assertThatThrownBy(() -> new Spec(1, 1, mix, 0, 0, 1, 1))
        .hasMessageContaining("rescanAfterRows must be 1..1000000, was 0");
    assertThatThrownBy(() -> new Spec(1, 1, mix, 0, 1, 100_001, 1))
        .hasMessageContaining("devices must be 1..100000, was 100001");
    assertThatThrownBy(() -> new Spec(1, 1, mix, 0, 1, 1, 0))
        .hasMessageContaining("destinations must be 1..100000, was 0");
  }

  @Test
  void rejectsAMixOfNoWeightsOrNotThreeNumbers() {
    assertThatThrownBy(() -> Mix.parse("0:0:0"))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "sort-requests CSV: mix must be three weights SC:DM:MX, each 0..999999, not all 0,"
                + " was 0:0:0");
    assertThatThrownBy(() -> Mix.parse("1:1"))
        .hasMessage(
            "sort-requests CSV: mix must be three whole-number weights SC:DM:MX (e.g. 6:3:1),"
                + " was '1:1'");
    assertThatThrownBy(() -> Mix.parse("1:x:1")).hasMessageContaining("was '1:x:1'");
    assertThatThrownBy(() -> new Mix(1, 1_000_000, 1)).hasMessageContaining("was 1:1000000:1");
    assertThat(Mix.parse(" 6:3:1 ")).isEqualTo(new Mix(6, 3, 1)).hasToString("6:3:1");
  }

  @Test
  void theLargestDeviceNumberStillFitsItsFiveDigits() throws IOException {
    List<Row> rows = write(new Spec(1, 2_000, Mix.parse("1:0:0"), 0, 1, 100_000, 1), "dev.csv");

    assertThat(rows).extracting(Row::deviceId).allMatch(id -> id.matches("DEV[0-9]{5}"));
    assertThat(rows).extracting(Row::req).allMatch(req -> req.startsWith("000001", 47));
  }

  @Test
  void aRequestRefusesFieldsThatDoNotFitTheLayout() {
    assertThatThrownBy(() -> request(MsgType.SC, "DEV1", "TL1", 1, reads(8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deviceId must be DEV and 5 digits, was DEV1");
    assertThatThrownBy(() -> request(MsgType.SC, "DEV00001", "tl-1", 1, reads(8)))
        .hasMessageContaining("barcode must be 1..20 of [A-Z0-9]");
    assertThatThrownBy(() -> request(MsgType.SC, "DEV00001", "TL1", 1_000_000, reads(8)))
        .hasMessageContaining("destination must be 1..999999");
    assertThatThrownBy(() -> request(MsgType.MX, "DEV00001", "TL1", 1, reads(8)))
        .hasMessageContaining("MX must have 31 reads, was 8");
    assertThatThrownBy(() -> new Read("LBL9", "X", 1)).hasMessageContaining("read kind");
    assertThatThrownBy(() -> new Read("RFID", "X", 101)).hasMessageContaining("confidence");
    assertThat(request(MsgType.SC, "DEV00001", "T".repeat(20), 1, reads(8)).fixedWidth())
        .hasSize(TOTAL_LENGTH);
  }

  private static Request request(
      MsgType type, String device, String barcode, int destination, List<Read> reads) {
    return new Request(type, device, barcode, SCANNED, destination, 1, 1, 1, 1, reads);
  }
}
