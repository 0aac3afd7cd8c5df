package io.tunelab.middleware.sort;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * One sort request, its fields cut out of the 2,000-character fixed-width string a conveyor device
 * sends ({@code docs/sort-hub.md} gives the layout): the parcel's scan and the reads it carries.
 *
 * @param msgType {@code SC}, {@code DM} or {@code MX}
 * @param scannedAt the device's scan time, UTC wall clock
 * @param reads the scan's reads in slot order
 */
record SortRequest(
    String msgType,
    String deviceId,
    String barcode,
    LocalDateTime scannedAt,
    int destination,
    int weightGrams,
    int lengthMm,
    int widthMm,
    int heightMm,
    List<Read> reads) {
  /** Characters in every request. */
  static final int LENGTH = 2000;

  /** Where the first read slot starts; each slot is {@value #SLOT} characters. */
  static final int FIRST_SLOT = 100;

  static final int SLOT = 60;

  /** Most reads a request carries. */
  static final int MAX_READS = 31;

  SortRequest {
    reads = List.copyOf(reads);
  }

  /** The same request with these reads. */
  SortRequest withReads(List<Read> read) {
    return new SortRequest(
        msgType,
        deviceId,
        barcode,
        scannedAt,
        destination,
        weightGrams,
        lengthMm,
        widthMm,
        heightMm,
        read);
  }

  /**
   * One read of a scan.
   *
   * @param seq its slot, 1-based
   * @param kind {@code LBL1}, {@code OCR1}, ...
   * @param confidence 0..100
   */
  record Read(int seq, String kind, String value, int confidence) {}

  /**
   * Cuts a request into its fields in Java (parsing in the middle tier).
   *
   * @throws BadRequest when it is not a well-formed sort request
   */
  static SortRequest parse(String request) {
    if (request.length() != LENGTH) {
      throw new BadRequest(
          "a sort request is " + LENGTH + " characters, this one " + request.length());
    }
    int count = number(request, 75, 2, "read count");
    if (count < 1 || count > MAX_READS) {
      throw new BadRequest("read count must be 1.." + MAX_READS + ", was " + count);
    }
    List<Read> reads = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int slot = FIRST_SLOT + SLOT * i;
      reads.add(
          new Read(
              i + 1,
              request.substring(slot, slot + 4),
              request.substring(slot + 4, slot + 24).stripTrailing(),
              number(request, slot + 24, 3, "confidence of read " + (i + 1))));
    }
    return new SortRequest(
        request.substring(0, 2),
        request.substring(2, 10).stripTrailing(),
        request.substring(10, 30).stripTrailing(),
        LocalDateTime.of(
            number(request, 30, 4, "scan year"),
            number(request, 34, 2, "scan month"),
            number(request, 36, 2, "scan day"),
            number(request, 38, 2, "scan hour"),
            number(request, 40, 2, "scan minute"),
            number(request, 42, 2, "scan second"),
            number(request, 44, 3, "scan millisecond") * 1_000_000),
        number(request, 47, 6, "destination"),
        number(request, 53, 7, "weight"),
        number(request, 60, 5, "length"),
        number(request, 65, 5, "width"),
        number(request, 70, 5, "height"),
        reads);
  }

  private static int number(String request, int from, int width, String field) {
    String digits = request.substring(from, from + width);
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        throw new BadRequest(
            field + " at " + from + " must be " + width + " digits, was '" + digits + "'");
      }
    }
    return Integer.parseInt(digits);
  }

  /** A request that is not a sort request: answered 400, counted, never written. */
  static final class BadRequest extends RuntimeException {
    BadRequest(String message) {
      super(message);
    }
  }
}
