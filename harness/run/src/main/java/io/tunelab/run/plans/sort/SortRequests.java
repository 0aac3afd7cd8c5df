package io.tunelab.run.plans.sort;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.OutputFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * The parcel sort hub's requests for {@code jmeter-plans/sort-requests.jmx}: the fixed-width layout
 * a conveyor device sends ({@link Request#fixedWidth()}), and a seeded CSV of them ({@link
 * #write(Path, Spec)}) that the plan reads one row per arrival, so that JMeter sends prepared text
 * and spends no CPU building it.
 *
 * <p>A request is exactly {@value #TOTAL_LENGTH} ASCII characters of {@code [A-Z0-9 ]}: text
 * left-aligned and space-padded, numbers zero-padded. Offsets count from 0.
 *
 * <table>
 *   <caption>Request layout</caption>
 *   <tr><th>offset</th><th>chars</th><th>field</th></tr>
 *   <tr><td>0</td><td>2</td><td>msgType: {@code SC} (8 reads), {@code DM} (16), {@code MX}
 *       (31)</td></tr>
 *   <tr><td>2</td><td>8</td><td>deviceId, {@code DEV} and 5 digits</td></tr>
 *   <tr><td>10</td><td>20</td><td>barcode, {@code [A-Z0-9]}</td></tr>
 *   <tr><td>30</td><td>17</td><td>scannedAt, {@code yyyyMMddHHmmssSSS} UTC</td></tr>
 *   <tr><td>47</td><td>6</td><td>destination, 1..999999</td></tr>
 *   <tr><td>53</td><td>7</td><td>weight, grams</td></tr>
 *   <tr><td>60</td><td>5</td><td>length, mm</td></tr>
 *   <tr><td>65</td><td>5</td><td>width, mm</td></tr>
 *   <tr><td>70</td><td>5</td><td>height, mm</td></tr>
 *   <tr><td>75</td><td>2</td><td>read count, the msgType's reads</td></tr>
 *   <tr><td>77</td><td>23</td><td>spaces</td></tr>
 *   <tr><td>100 + 60 i</td><td>60</td><td>read slot i, 0..30: kind (+0, 4: {@code LBL1 LBL2 OCR1
 *       RFID DIMS}), value (+4, 20), confidence (+24, 3: 000..100), spaces (+27, 33); a slot at or
 *       beyond the read count is all spaces</td></tr>
 *   <tr><td>1960</td><td>40</td><td>spaces</td></tr>
 * </table>
 */
public final class SortRequests {
  /** The CSV's header line; {@code barcode} is trimmed, {@code rescan} is true or false. */
  public static final String HEADER = "msgType,deviceId,barcode,rescan,request";

  public static final int TOTAL_LENGTH = 2000;
  public static final int MSG_TYPE_OFFSET = 0;
  public static final int MSG_TYPE_CHARS = 2;
  public static final int DEVICE_ID_OFFSET = 2;
  public static final int DEVICE_ID_CHARS = 8;
  public static final int BARCODE_OFFSET = 10;
  public static final int BARCODE_CHARS = 20;
  public static final int SCANNED_AT_OFFSET = 30;
  public static final int SCANNED_AT_CHARS = 17;
  public static final int DESTINATION_OFFSET = 47;
  public static final int DESTINATION_CHARS = 6;
  public static final int WEIGHT_GRAMS_OFFSET = 53;
  public static final int WEIGHT_GRAMS_CHARS = 7;
  public static final int LENGTH_MM_OFFSET = 60;
  public static final int LENGTH_MM_CHARS = 5;
  public static final int WIDTH_MM_OFFSET = 65;
  public static final int WIDTH_MM_CHARS = 5;
  public static final int HEIGHT_MM_OFFSET = 70;
  public static final int HEIGHT_MM_CHARS = 5;
  public static final int READ_COUNT_OFFSET = 75;
  public static final int READ_COUNT_CHARS = 2;

  /** Where read slot 0 starts; slot i starts at {@link #readSlotOffset(int)}. */
  public static final int READS_OFFSET = 100;

  public static final int READ_SLOT_CHARS = 60;
  public static final int READ_SLOTS = 31;

  /** Offsets within a read slot. */
  public static final int READ_KIND_OFFSET = 0;

  public static final int READ_KIND_CHARS = 4;
  public static final int READ_VALUE_OFFSET = 4;
  public static final int READ_VALUE_CHARS = 20;
  public static final int READ_CONFIDENCE_OFFSET = 24;
  public static final int READ_CONFIDENCE_CHARS = 3;

  /** The spaces after the last slot, to {@link #TOTAL_LENGTH}. */
  public static final int TRAILER_OFFSET = READS_OFFSET + READ_SLOTS * READ_SLOT_CHARS;

  public static final List<String> READ_KINDS = List.of("LBL1", "LBL2", "OCR1", "RFID", "DIMS");

  /** scannedAt's format, in UTC. */
  public static final DateTimeFormatter SCANNED_AT_FORMAT =
      DateTimeFormatter.ofPattern("uuuuMMddHHmmssSSS").withZone(ZoneOffset.UTC);

  private static final Pattern DEVICE_ID = Pattern.compile("DEV[0-9]{5}");
  private static final Pattern CODE = Pattern.compile("[A-Z0-9]*");

  private SortRequests() {}

  /** Where read slot {@code slot} (0..30) starts. */
  public static int readSlotOffset(int slot) {
    return READS_OFFSET + slot * READ_SLOT_CHARS;
  }

  /** The message types, each with its number of reads. */
  public enum MsgType {
    /** A single scan. */
    SC(8),
    /** Dimensioned: scan and measurement. */
    DM(16),
    /** Mixed: every reader of the tunnel. */
    MX(31);

    private final int reads;

    MsgType(int reads) {
      this.reads = reads;
    }

    /** The read slots a request of this type fills (its read count). */
    public int reads() {
      return reads;
    }
  }

  /**
   * One reader's result.
   *
   * @param kind one of {@link #READ_KINDS}
   * @param value what it read, 0..20 of {@code [A-Z0-9]}
   * @param confidence 0..100
   */
  public record Read(String kind, String value, int confidence) {
    public Read {
      check(READ_KINDS.contains(kind), "read kind must be one of " + READ_KINDS, kind);
      check(code(value, READ_VALUE_CHARS), "read value must be 0..20 of [A-Z0-9]", value);
      check(confidence >= 0 && confidence <= 100, "read confidence must be 0..100", confidence);
    }
  }

  /**
   * One sort request, as a device sends it.
   *
   * @param msgType its type; {@code reads} has exactly its {@link MsgType#reads()}
   * @param deviceId {@code DEV} and 5 digits
   * @param barcode 1..20 of {@code [A-Z0-9]}
   * @param scannedAt when the device scanned the parcel (milliseconds; years 0..9999)
   * @param destination 1..999,999
   * @param weightGrams 0..9,999,999
   * @param lengthMm 0..99,999
   * @param widthMm 0..99,999
   * @param heightMm 0..99,999
   * @param reads the reads in slot order
   */
  public record Request(
      MsgType msgType,
      String deviceId,
      String barcode,
      Instant scannedAt,
      int destination,
      int weightGrams,
      int lengthMm,
      int widthMm,
      int heightMm,
      List<Read> reads) {
    public Request {
      check(msgType != null, "msgType must be SC, DM or MX", msgType);
      check(
          deviceId != null && DEVICE_ID.matcher(deviceId).matches(),
          "deviceId must be DEV and 5 digits",
          deviceId);
      check(
          code(barcode, BARCODE_CHARS) && !barcode.isEmpty(),
          "barcode must be 1..20 of [A-Z0-9]",
          barcode);
      check(
          scannedAt != null && SCANNED_AT_FORMAT.format(scannedAt).length() == SCANNED_AT_CHARS,
          "scannedAt must be in the years 0..9999",
          scannedAt);
      check(
          destination >= 1 && destination <= 999_999, "destination must be 1..999999", destination);
      check(
          weightGrams >= 0 && weightGrams <= 9_999_999,
          "weightGrams must be 0..9999999",
          weightGrams);
      for (int mm : new int[] {lengthMm, widthMm, heightMm}) {
        check(mm >= 0 && mm <= 99_999, "length, width and height must be 0..99999 mm", mm);
      }
      reads = List.copyOf(reads);
      check(
          reads.size() == msgType.reads(),
          msgType + " must have " + msgType.reads() + " reads",
          reads.size());
    }

    /** The request's {@value SortRequests#TOTAL_LENGTH} characters. */
    public String fixedWidth() {
      char[] out = new char[TOTAL_LENGTH];
      Arrays.fill(out, ' ');
      text(out, MSG_TYPE_OFFSET, msgType.name());
      text(out, DEVICE_ID_OFFSET, deviceId);
      text(out, BARCODE_OFFSET, barcode);
      text(out, SCANNED_AT_OFFSET, SCANNED_AT_FORMAT.format(scannedAt));
      number(out, DESTINATION_OFFSET, DESTINATION_CHARS, destination);
      number(out, WEIGHT_GRAMS_OFFSET, WEIGHT_GRAMS_CHARS, weightGrams);
      number(out, LENGTH_MM_OFFSET, LENGTH_MM_CHARS, lengthMm);
      number(out, WIDTH_MM_OFFSET, WIDTH_MM_CHARS, widthMm);
      number(out, HEIGHT_MM_OFFSET, HEIGHT_MM_CHARS, heightMm);
      number(out, READ_COUNT_OFFSET, READ_COUNT_CHARS, reads.size());
      for (int i = 0; i < reads.size(); i++) {
        int slot = readSlotOffset(i);
        text(out, slot + READ_KIND_OFFSET, reads.get(i).kind());
        text(out, slot + READ_VALUE_OFFSET, reads.get(i).value());
        number(
            out, slot + READ_CONFIDENCE_OFFSET, READ_CONFIDENCE_CHARS, reads.get(i).confidence());
      }
      return new String(out);
    }
  }

  /** Relative weights of the message types: a row is SC, DM or MX with probability weight / sum. */
  public record Mix(int sc, int dm, int mx) {
    public static final int MAX_WEIGHT = 999_999;

    public Mix {
      if (!weight(sc) || !weight(dm) || !weight(mx) || sc + dm + mx == 0) {
        throw Spec.bad(
            "mix",
            "three weights SC:DM:MX, each 0.." + MAX_WEIGHT + ", not all 0",
            sc + ":" + dm + ":" + mx);
      }
    }

    /** Parses {@code sc:dm:mx}, e.g. {@code 6:3:1}. */
    public static Mix parse(String text) {
      String[] parts = text == null ? new String[0] : text.trim().split(":", -1);
      try {
        if (parts.length == 3) {
          return new Mix(
              Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        }
      } catch (NumberFormatException e) {
        // refused below, with the text as given
      }
      throw Spec.bad("mix", "three whole-number weights SC:DM:MX (e.g. 6:3:1)", "'" + text + "'");
    }

    private static boolean weight(int weight) {
      return weight >= 0 && weight <= MAX_WEIGHT;
    }

    @Override
    public String toString() {
      return sc + ":" + dm + ":" + mx;
    }
  }

  /**
   * What {@link #write(Path, Spec)} writes.
   *
   * @param seed the same seed gives the same rows (all but scannedAt)
   * @param rows rows to write, 1..10,000,000
   * @param mix shares of SC, DM and MX rows
   * @param rescanPercent 0..100: share of the rows after the first {@code rescanAfterRows} that
   *     re-scan an earlier parcel
   * @param rescanAfterRows 1..1,000,000: a re-scan row re-scans the parcel of the row that many
   *     rows earlier (at 600 arrivals/min, 100 rows are 10 s)
   * @param devices 1..100,000 devices {@code DEV00000} .. {@code DEV<devices - 1>}
   * @param destinations 1..100,000 destinations 1..destinations
   */
  public record Spec(
      long seed,
      int rows,
      Mix mix,
      int rescanPercent,
      int rescanAfterRows,
      int devices,
      int destinations) {
    public static final int MAX_ROWS = 10_000_000;
    public static final int MAX_RESCAN_AFTER_ROWS = 1_000_000;
    public static final int MAX_DEVICES = 100_000;
    public static final int MAX_DESTINATIONS = 100_000;

    public Spec {
      range("rows", rows, 1, MAX_ROWS);
      if (mix == null) {
        throw bad("mix", "three weights SC:DM:MX (e.g. 6:3:1)", null);
      }
      range("rescanPercent", rescanPercent, 0, 100);
      range("rescanAfterRows", rescanAfterRows, 1, MAX_RESCAN_AFTER_ROWS);
      range("devices", devices, 1, MAX_DEVICES);
      range("destinations", destinations, 1, MAX_DESTINATIONS);
    }

    private static void range(String field, int value, int min, int max) {
      if (value < min || value > max) {
        throw bad(field, min + ".." + max, value);
      }
    }

    static BadInputException bad(String field, String allowed, Object value) {
      return new BadInputException(
          "sort-requests CSV: " + field + " must be " + allowed + ", was " + value);
    }
  }

  /**
   * What a CSV holds.
   *
   * @param rows every row
   * @param rowsByMsgType rows of each message type (every type, 0 when none)
   * @param rescans rows that re-scan an earlier row's parcel
   */
  public record Summary(int rows, Map<MsgType, Integer> rowsByMsgType, int rescans) {
    public Summary {
      rowsByMsgType = Map.copyOf(rowsByMsgType);
    }
  }

  /** Writes {@code spec}'s rows to {@code csv} (replaced), scanned now by the system clock. */
  public static Summary write(Path csv, Spec spec) {
    return write(csv, spec, Clock.systemUTC());
  }

  /**
   * Writes {@code spec}'s rows to {@code csv} (replaced); each row's scannedAt is {@code clock}.
   */
  public static Summary write(Path csv, Spec spec, Clock clock) {
    Summary[] written = new Summary[1];
    OutputFiles.replaceText(
        csv,
        StandardCharsets.US_ASCII,
        out -> {
          written[0] = new Rows(spec, clock).write(out);
        });
    return written[0];
  }

  /**
   * The CSV engine {@code engine} of several reads in JMeter's distributed mode ({@code
   * sort-requests.jmx} names it the same way): {@code name.csv} becomes {@code name.engine-N.csv}.
   */
  public static Path engineCsv(Path csv, int engine) {
    String name = csv.getFileName().toString();
    String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
    return csv.resolveSibling(stem + ".engine-" + engine + ".csv");
  }

  /**
   * Deals the rows of {@code csv} out to {@code engines} files ({@link #engineCsv}), row r to
   * engine r mod engines + 1, each in the CSV's order under its header: each engine sends its own
   * parcels, none twice, and a re-scan stays a re-scan, later than its first scan, on whichever
   * engine it falls to.
   */
  public static void splitForEngines(Path csv, int engines) {
    List<String> lines;
    try {
      lines = Files.readAllLines(csv, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + csv, e);
    }
    for (int engine = 1; engine <= engines; engine++) {
      List<String> share = new java.util.ArrayList<>();
      share.add(lines.get(0));
      for (int row = engine; row < lines.size(); row += engines) {
        share.add(lines.get(row));
      }
      OutputFiles.replace(engineCsv(csv, engine), String.join("\n", share) + "\n");
    }
  }

  /** The rows of one spec: row r is drawn from (seed, r) alone, its parcel from (seed, origin). */
  private static final class Rows {
    private static final long SCAN = 0;
    private static final long PARCEL = 1;

    private final Spec spec;
    private final Clock clock;
    private final int[] origins; // origin row of the last rescanAfterRows rows, a ring
    private final Map<MsgType, Integer> byType = new EnumMap<>(MsgType.class);
    private int rescans;

    Rows(Spec spec, Clock clock) {
      this.spec = spec;
      this.clock = clock;
      this.origins = new int[Math.min(spec.rescanAfterRows(), spec.rows())];
      for (MsgType type : MsgType.values()) {
        byType.put(type, 0);
      }
    }

    Summary write(BufferedWriter out) throws IOException {
      out.write(HEADER);
      out.write('\n');
      for (int row = 1; row <= spec.rows(); row++) {
        SplittableRandom scan = random(row, SCAN);
        int ring = (row - 1) % spec.rescanAfterRows();
        boolean rescan = row > spec.rescanAfterRows() && scan.nextInt(100) < spec.rescanPercent();
        int origin = rescan ? origins[ring] : row;
        origins[ring] = origin;
        Request request = request(scan, origin);
        byType.merge(request.msgType(), 1, Integer::sum);
        rescans += rescan ? 1 : 0;
        out.write(request.msgType().name() + ',' + request.deviceId() + ',' + request.barcode());
        out.write(rescan ? ",true," : ",false,");
        out.write(request.fixedWidth());
        out.write('\n');
      }
      return new Summary(spec.rows(), byType, rescans);
    }

    /** A parcel's own data, the same at each of its scans. */
    private record Parcel(
        String barcode,
        int destination,
        int weightGrams,
        int lengthMm,
        int widthMm,
        int heightMm) {}

    private Parcel parcel(int origin) {
      SplittableRandom parcel = random(origin, PARCEL);
      // TL, the first scan's row (unique in the file) and 2 to 6 more digits: 14..18 characters
      StringBuilder barcode = new StringBuilder("TL").append(digits(origin, 10));
      for (int extra = 2 + parcel.nextInt(5); extra > 0; extra--) {
        barcode.append((char) ('0' + parcel.nextInt(10)));
      }
      return new Parcel(
          barcode.toString(),
          1 + parcel.nextInt(spec.destinations()),
          100 + parcel.nextInt(31_400),
          50 + parcel.nextInt(1_151),
          50 + parcel.nextInt(751),
          20 + parcel.nextInt(581));
    }

    private Request request(SplittableRandom scan, int origin) {
      Parcel parcel = parcel(origin);
      MsgType type = msgType(scan.nextInt(spec.mix().sc() + spec.mix().dm() + spec.mix().mx()));
      String device = "DEV" + digits(scan.nextInt(spec.devices()), 5);
      return new Request(
          type,
          device,
          parcel.barcode(),
          clock.instant(),
          parcel.destination(),
          parcel.weightGrams(),
          parcel.lengthMm(),
          parcel.widthMm(),
          parcel.heightMm(),
          reads(scan, type.reads(), parcel, origin));
    }

    /** Label and OCR reads carry the barcode, RFID a tag, DIMS the dimensions. */
    private static List<Read> reads(SplittableRandom scan, int count, Parcel parcel, int origin) {
      String tag = "E280" + digits(origin, 16);
      String dims =
          "L"
              + digits(parcel.lengthMm(), 5)
              + "W"
              + digits(parcel.widthMm(), 5)
              + "H"
              + digits(parcel.heightMm(), 5);
      List<Read> reads = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        String kind = READ_KINDS.get(scan.nextInt(READ_KINDS.size()));
        String value =
            switch (kind) {
              case "RFID" -> tag;
              case "DIMS" -> dims;
              default -> parcel.barcode();
            };
        reads.add(new Read(kind, value, 40 + scan.nextInt(61)));
      }
      return reads;
    }

    private MsgType msgType(int pick) {
      if (pick < spec.mix().sc()) {
        return MsgType.SC;
      }
      return pick < spec.mix().sc() + spec.mix().dm() ? MsgType.DM : MsgType.MX;
    }

    /** A generator for one (row, stream): distinct rows and streams get distinct seeds. */
    private SplittableRandom random(long row, long stream) {
      long key = (row << 1) | stream;
      return new SplittableRandom(spec.seed() ^ (key * 0x9E3779B97F4A7C15L));
    }
  }

  private static String digits(long value, int chars) {
    char[] out = new char[chars];
    number(out, 0, chars, value);
    return new String(out);
  }

  private static void text(char[] out, int offset, String text) {
    text.getChars(0, text.length(), out, offset);
  }

  private static void number(char[] out, int offset, int chars, long value) {
    for (int i = offset + chars - 1; i >= offset; i--) {
      out[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  private static boolean code(String text, int maxChars) {
    return text != null && text.length() <= maxChars && CODE.matcher(text).matches();
  }

  private static void check(boolean ok, String rule, Object value) {
    if (!ok) {
      throw new IllegalArgumentException("sort request: " + rule + ", was " + value);
    }
  }
}
