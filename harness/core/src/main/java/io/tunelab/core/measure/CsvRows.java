package io.tunelab.core.measure;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of comma-separated values as JMeter writes them: a field holding a comma, a quote or a line
 * break is quoted, with its quotes doubled.
 */
final class CsvRows {
  private final Reader reader;
  private int peeked = -2;

  CsvRows(Reader reader) {
    this.reader = reader;
  }

  /** The next row's fields, or null at the end of the input. */
  List<String> next() throws IOException {
    int c = read();
    if (c == -1) {
      return null;
    }
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    while (true) {
      if (quoted) {
        if (c == -1) {
          throw new IllegalArgumentException("a quoted CSV field is not closed");
        }
        if (c == '"') {
          if (peek() == '"') {
            field.append('"');
            read();
          } else {
            quoted = false;
          }
        } else {
          field.append((char) c);
        }
      } else if (c == '"' && field.length() == 0) {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c == '\n' || c == -1) {
        break;
      } else if (c == '\r') {
        if (peek() == '\n') {
          read();
        }
        break;
      } else {
        field.append((char) c);
      }
      c = read();
    }
    fields.add(field.toString());
    return fields;
  }

  private int read() throws IOException {
    if (peeked != -2) {
      int c = peeked;
      peeked = -2;
      return c;
    }
    return reader.read();
  }

  private int peek() throws IOException {
    if (peeked == -2) {
      peeked = reader.read();
    }
    return peeked;
  }
}
