package io.tunelab.run.observe;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table a statement writes, else the first it reads: {@code INSERT INTO x}, {@code UPDATE x},
 * {@code DELETE FROM x}, else the first {@code FROM x}. Names the table a session waits on when its
 * lock has no relation (a row lock is a wait for the transaction holding it) or its wait is on a
 * buffer, which no lock view shows. A schema-qualified or quoted name comes back as written,
 * without the quotes.
 */
final class StatementTable {
  // Possessive, so that "FROM now()" cannot match as "no" followed by "w(".
  private static final String NAME =
      "((?:\"[^\"]++\"|[A-Za-z_][\\w$]*+)(?:\\.(?:\"[^\"]++\"|[A-Za-z_][\\w$]*+))?+)";
  private static final Pattern WRITE =
      Pattern.compile(
          // Not the row-locking clauses FOR [NO KEY] UPDATE nor ON CONFLICT DO UPDATE.
          "\\b(?:INSERT INTO|(?<!FOR )(?<!KEY )(?<!DO )UPDATE(?: ONLY)?|DELETE FROM(?: ONLY)?) "
              + NAME,
          Pattern.CASE_INSENSITIVE);
  private static final Pattern READ =
      Pattern.compile("\\bFROM(?: ONLY)? " + NAME + "(?! ?\\()", Pattern.CASE_INSENSITIVE);

  private StatementTable() {}

  /** The table {@code sql} writes or reads first; empty when it names none (e.g. a function). */
  static Optional<String> of(String sql) {
    if (sql == null || sql.isBlank()) {
      return Optional.empty();
    }
    String text = sql.replaceAll("\\s+", " ");
    Matcher write = WRITE.matcher(text);
    if (write.find()) {
      return Optional.of(name(write.group(1)));
    }
    // A FROM at the top level first: one inside parentheses may be EXTRACT(x FROM y) or a
    // subquery, which only names the table when the top level names none.
    Optional<String> nested = Optional.empty();
    Matcher read = READ.matcher(text);
    while (read.find()) {
      if (depth(text, read.start()) == 0) {
        return Optional.of(name(read.group(1)));
      }
      if (nested.isEmpty()) {
        nested = Optional.of(name(read.group(1)));
      }
    }
    return nested;
  }

  /** Open parentheses before {@code end}. */
  private static int depth(String sql, int end) {
    int depth = 0;
    for (int i = 0; i < end; i++) {
      char c = sql.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    return depth;
  }

  private static String name(String written) {
    return written.replace("\"", "");
  }
}
