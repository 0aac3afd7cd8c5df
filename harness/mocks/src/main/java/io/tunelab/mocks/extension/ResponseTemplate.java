package io.tunelab.mocks.extension;

import java.util.ArrayList;
import java.util.List;

/**
 * A response body with placeholders filled from the request, compiled once per stub.
 *
 * <ul>
 *   <li>{@code ${Name}}: text of the first request element with local name {@code Name}
 *   <li>{@code ${id:Name}}: a stable number derived from that text (see {@link
 *       RequestValues#derivedId})
 *   <li>{@code ${count:Name}}: how many request elements are named {@code Name}
 * </ul>
 *
 * <p>Anything else stays as written, so a response file can hold any XML. Deliberately not
 * Handlebars: filling a few placeholders by index is what lets the mocks serve thousands of
 * requests per second.
 */
final class ResponseTemplate {
  private static final String OPEN = "${";

  private final List<Segment> segments;
  private final int sizeHint;

  private ResponseTemplate(List<Segment> segments, int sizeHint) {
    this.segments = List.copyOf(segments);
    this.sizeHint = sizeHint;
  }

  static ResponseTemplate compile(String text) {
    List<Segment> segments = new ArrayList<>();
    int from = 0;
    while (true) {
      int open = text.indexOf(OPEN, from);
      int close = open < 0 ? -1 : text.indexOf('}', open + OPEN.length());
      if (open < 0 || close < 0) {
        segments.add(new Literal(text.substring(from)));
        break;
      }
      segments.add(new Literal(text.substring(from, open)));
      segments.add(placeholder(text.substring(open + OPEN.length(), close).trim()));
      from = close + 1;
    }
    return new ResponseTemplate(segments, text.length() + 256);
  }

  String render(RequestValues values) {
    StringBuilder out = new StringBuilder(sizeHint);
    for (Segment segment : segments) {
      segment.appendTo(out, values);
    }
    return out.toString();
  }

  /** Names of the request elements this template reads, for documentation and tests. */
  List<String> placeholders() {
    return segments.stream().filter(s -> !(s instanceof Literal)).map(Object::toString).toList();
  }

  private static Segment placeholder(String expression) {
    if (expression.startsWith("id:")) {
      return new DerivedId(expression.substring(3));
    }
    if (expression.startsWith("count:")) {
      return new Count(expression.substring(6));
    }
    return new Text(expression);
  }

  private interface Segment {
    void appendTo(StringBuilder out, RequestValues values);
  }

  private record Literal(String text) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues values) {
      out.append(text);
    }
  }

  private record Text(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues values) {
      out.append(values.text(name));
    }

    @Override
    public String toString() {
      return "${" + name + "}";
    }
  }

  private record DerivedId(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues values) {
      out.append(values.derivedId(name));
    }

    @Override
    public String toString() {
      return "${id:" + name + "}";
    }
  }

  private record Count(String name) implements Segment {
    @Override
    public void appendTo(StringBuilder out, RequestValues values) {
      out.append(values.count(name));
    }

    @Override
    public String toString() {
      return "${count:" + name + "}";
    }
  }
}
