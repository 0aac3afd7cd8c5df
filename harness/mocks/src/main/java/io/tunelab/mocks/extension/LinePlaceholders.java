package io.tunelab.mocks.extension;

import io.tunelab.mocks.extension.ResponseTemplate.Segment;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;

/**
 * The placeholders of a repeated section whose value depends on the line (0 for the first), so the
 * lines of an answer differ as a real back-end's do, the same in every answer:
 *
 * <ul>
 *   <li>{@code ${index}}: 0, 1, 2... (BRM's {@code elem} attribute)
 *   <li>{@code ${line:2}}: 1, 2, 3..., at least 2 digits (01, 02... 10, 100)
 *   <li>{@code ${seq:1767300000:36000}}: 1767300000 + line x 36000
 *   <li>{@code ${month:2026-01:-1}}: the line's month as yyyyMM: 202601, 202512...
 *   <li>{@code ${monthStart:2026-02:-1:691200}}: epoch seconds (UTC) of the first day of the line's
 *       month, plus the optional offset in seconds
 *   <li>{@code ${cycle:SMS|Voice call}}: the items in turn
 *   <li>{@code ${mix:0.00..4.99}}: a number in the range, scrambled from the line, with the
 *       decimals of the lower bound; each such placeholder scrambles differently
 * </ul>
 *
 * Each appends without formatting objects: a section may be repeated 20,000 times per answer.
 */
final class LinePlaceholders {
  private LinePlaceholders() {}

  /** The segment of a line placeholder, or null when {@code expression} is none. */
  static Segment of(String expression) {
    int colon = expression.indexOf(':');
    String kind = colon < 0 ? expression : expression.substring(0, colon);
    String[] args = colon < 0 ? new String[0] : expression.substring(colon + 1).split(":", -1);
    try {
      return switch (kind) {
        case "index" -> args.length == 0 ? new Index() : fail("no argument expected");
        case "line" -> new Line(Integer.parseInt(one(args)));
        case "seq" -> new Seq(Long.parseLong(args[0]), Long.parseLong(args[1]));
        case "month" -> new Month(months(args[0]), Integer.parseInt(args[1]), false, 0);
        case "monthStart" ->
            new Month(
                months(args[0]),
                Integer.parseInt(args[1]),
                true,
                args.length > 2 ? Long.parseLong(args[2]) : 0);
        case "cycle" ->
            colon < 0
                ? fail("items expected, e.g. ${cycle:SMS|Voice call}")
                : new Cycle(expression.substring(colon + 1).split("\\|", -1));
        case "mix" -> Mix.of(one(args), expression.hashCode());
        default -> null;
      };
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "bad line placeholder ${"
              + expression
              + "}: see the LinePlaceholders Javadoc or mocks/README.md (Lines of an answer)",
          e);
    }
  }

  private static Segment fail(String message) {
    throw new IllegalArgumentException(message);
  }

  private static String one(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("one argument expected");
    }
    return args[0];
  }

  private static int months(String yearMonth) {
    try {
      YearMonth parsed = YearMonth.parse(yearMonth);
      return parsed.getYear() * 12 + parsed.getMonthValue() - 1;
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("a month is written yyyy-MM, was " + yearMonth, e);
    }
  }

  private record Index() implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(line);
    }
  }

  private record Line(int digits) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      int number = line + 1;
      for (int width = Integer.toString(number).length(); width < digits; width++) {
        out.append('0');
      }
      out.append(number);
    }
  }

  private record Seq(long start, long step) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(start + line * step);
    }
  }

  /** {@code first} and the line's month counted as year x 12 + month - 1. */
  private record Month(int first, int step, boolean epochSeconds, long offsetSeconds)
      implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      int months = first + line * step;
      int year = Math.floorDiv(months, 12);
      int month = Math.floorMod(months, 12) + 1;
      if (epochSeconds) {
        out.append(LocalDate.of(year, month, 1).toEpochDay() * 86_400 + offsetSeconds);
      } else {
        out.append(year).append(month < 10 ? "0" : "").append(month);
      }
    }
  }

  private record Cycle(String[] items) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(items[line % items.length]);
    }
  }

  /** Bounds as whole numbers of the smallest unit ({@code 0.00..4.99} is 0..499, 2 decimals). */
  private record Mix(long low, long span, int decimals, long salt) implements Segment {
    static Mix of(String range, long salt) {
      String[] bounds = range.split("\\.\\.", -1);
      if (bounds.length != 2) {
        throw new IllegalArgumentException("a range is written LOW..HIGH, was " + range);
      }
      int dot = bounds[0].indexOf('.');
      int decimals = dot < 0 ? 0 : bounds[0].length() - dot - 1;
      long low = new java.math.BigDecimal(bounds[0]).movePointRight(decimals).longValueExact();
      long high = new java.math.BigDecimal(bounds[1]).movePointRight(decimals).longValueExact();
      if (low < 0 || high < low) {
        throw new IllegalArgumentException("a range is 0 <= LOW <= HIGH, was " + range);
      }
      return new Mix(low, high - low + 1, decimals, salt);
    }

    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      long value = low + Math.floorMod(scramble(line * 0x9E3779B97F4A7C15L + salt), span);
      if (decimals == 0) {
        out.append(value);
        return;
      }
      long unit = 1;
      for (int i = 0; i < decimals; i++) {
        unit *= 10;
      }
      out.append(value / unit).append('.');
      long fraction = value % unit;
      for (long rest = unit / 10; rest > 1 && fraction < rest; rest /= 10) {
        out.append('0');
      }
      out.append(fraction);
    }

    /** SplitMix64's finaliser: neighbouring lines get unrelated values. */
    private static long scramble(long x) {
      x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
      x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
      return x ^ (x >>> 31);
    }
  }
}
