package io.tunelab.mocks.extension;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A response body with placeholders filled from the request, compiled once per stub.
 *
 * <ul>
 *   <li>{@code ${Name}}: text of the first request element with local name {@code Name}
 *   <li>{@code ${id:Name}}: a stable number derived from that text (see {@link
 *       RequestValues#derivedId})
 *   <li>{@code ${count:Name}}: how many request elements are named {@code Name}
 *   <li>{@code ${repeat:invoices:6}}...{@code ${end:invoices}}: the text between, once per line; 6
 *       lines unless the server's {@link RepeatCounts} say otherwise. Inside, the {@link
 *       LinePlaceholders} vary with the line. Sections do not nest.
 * </ul>
 *
 * <p>Anything else stays as written, so a response file can hold any XML. Deliberately not
 * Handlebars: filling placeholders by index, and appending a section's compiled segments once per
 * line, is what lets the mocks serve thousands of requests per second.
 */
final class ResponseTemplate {
  private static final String OPEN = "${";

  private final List<Segment> segments;
  private final List<Repeat> repeats;
  private final int sizeHint;

  private ResponseTemplate(List<Segment> segments, int sizeHint) {
    this.segments = List.copyOf(segments);
    this.repeats =
        segments.stream().filter(Repeat.class::isInstance).map(Repeat.class::cast).toList();
    this.sizeHint = sizeHint;
  }

  /** One piece of a template; {@code line} is the line of the enclosing section, else 0. */
  interface Segment {
    void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line);
  }

  /**
   * @throws IllegalArgumentException for an unbalanced or nested section, a bad line count, or a
   *     line placeholder outside a section, naming it
   */
  static ResponseTemplate compile(String text) {
    Deque<List<Segment>> open = new ArrayDeque<>();
    open.push(new ArrayList<>());
    String section = null;
    int sectionLines = 0;
    int from = 0;
    while (true) {
      int start = text.indexOf(OPEN, from);
      int close = start < 0 ? -1 : text.indexOf('}', start + OPEN.length());
      if (start < 0 || close < 0) {
        literal(open.peek(), text.substring(from));
        break;
      }
      literal(open.peek(), text.substring(from, start));
      String expression = text.substring(start + OPEN.length(), close).trim();
      if (expression.startsWith("repeat:")) {
        if (section != null) {
          throw new IllegalArgumentException("${" + expression + "} inside section " + section);
        }
        String[] parts = expression.split(":", -1);
        if (parts.length != 3 || !parts[2].matches("\\d{1,9}")) {
          throw new IllegalArgumentException(
              "${" + expression + "}: a section opens with ${repeat:NAME:LINES}");
        }
        section = parts[1];
        sectionLines = Integer.parseInt(parts[2]);
        RepeatCounts.requireName(section);
        RepeatCounts.requireCount(section, sectionLines);
        open.push(new ArrayList<>());
      } else if (expression.startsWith("end:")) {
        if (section == null || !expression.equals("end:" + section)) {
          throw new IllegalArgumentException(
              "${" + expression + "} closes no section" + (section == null ? "" : ", " + section));
        }
        List<Segment> body = open.pop();
        open.peek().add(new Repeat(section, sectionLines, body, hint(body)));
        section = null;
      } else {
        open.peek().add(placeholder(expression, section != null));
      }
      from = close + 1;
    }
    if (section != null) {
      throw new IllegalArgumentException("section " + section + " has no ${end:" + section + "}");
    }
    return new ResponseTemplate(open.pop(), text.length() + 256);
  }

  String render(RequestValues request) {
    return render(request, new RepeatCounts());
  }

  /** The answer to {@code request}, each section as many lines as {@code counts} say. */
  String render(RequestValues request, RepeatCounts counts) {
    long size = sizeHint;
    for (Repeat repeat : repeats) {
      size += (long) repeat.sizeHint() * repeat.lines(counts);
    }
    StringBuilder out = new StringBuilder((int) Math.min(size, Integer.MAX_VALUE - 16));
    for (Segment segment : segments) {
      segment.appendTo(out, request, counts, 0);
    }
    return out.toString();
  }

  /** Names of the request elements this template reads, for documentation and tests. */
  List<String> placeholders() {
    List<String> names = new ArrayList<>();
    for (Segment segment : segments) {
      List<Segment> inner = segment instanceof Repeat repeat ? repeat.body() : List.of(segment);
      inner.stream()
          .filter(s -> s instanceof Text || s instanceof DerivedId || s instanceof Count)
          .forEach(s -> names.add(s.toString()));
    }
    return names;
  }

  /** Each repeated section and the lines it holds unless the server says otherwise. */
  Map<String, Integer> repeatDefaults() {
    Map<String, Integer> defaults = new LinkedHashMap<>();
    repeats.forEach(repeat -> defaults.put(repeat.name(), repeat.defaultLines()));
    return defaults;
  }

  private static void literal(List<Segment> into, String text) {
    if (!text.isEmpty()) {
      into.add(new Literal(text));
    }
  }

  private static int hint(List<Segment> body) {
    int size = 0;
    for (Segment segment : body) {
      size += segment instanceof Literal literal ? literal.text().length() : 16;
    }
    return size;
  }

  private static Segment placeholder(String expression, boolean inSection) {
    Segment line = LinePlaceholders.of(expression);
    if (line != null) {
      if (!inSection) {
        throw new IllegalArgumentException(
            "${" + expression + "} varies with the line: use it inside ${repeat:...}");
      }
      return line;
    }
    if (expression.startsWith("id:")) {
      return new DerivedId(expression.substring(3));
    }
    if (expression.startsWith("count:")) {
      return new Count(expression.substring(6));
    }
    return new Text(expression);
  }

  private record Repeat(String name, int defaultLines, List<Segment> body, int sizeHint)
      implements Segment {
    int lines(RepeatCounts counts) {
      return counts.count(name, defaultLines);
    }

    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      int lines = lines(counts);
      for (int i = 0; i < lines; i++) {
        for (Segment segment : body) {
          segment.appendTo(out, request, counts, i);
        }
      }
    }
  }

  private record Literal(String text) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(text);
    }
  }

  private record Text(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(request.text(name));
    }

    @Override
    public String toString() {
      return "${" + name + "}";
    }
  }

  private record DerivedId(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(request.derivedId(name));
    }

    @Override
    public String toString() {
      return "${id:" + name + "}";
    }
  }

  private record Count(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues request, RepeatCounts counts, int line) {
      out.append(request.count(name));
    }

    @Override
    public String toString() {
      return "${count:" + name + "}";
    }
  }
}
