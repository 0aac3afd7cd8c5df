package io.tunelab.middleware.sort;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one request's statements on its connection, each written once with {@code ?} for its values:
 * with bind parameters (prepared statements, which pgjdbc server-prepares past {@code
 * jdbc.prepareThreshold} and keeps in its statement cache), or with the values written into the SQL
 * text (a new statement for the server to parse and plan on every execution, as literal SQL was in
 * the study). Counts the statements it ran.
 */
final class SortSql {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  private final Connection connection;
  private final boolean literal;
  private int statements;

  SortSql(Connection connection, boolean literal) {
    this.connection = connection;
    this.literal = literal;
  }

  /** A row of a query's result. */
  @FunctionalInterface
  interface Row<T> {
    T read(ResultSet row) throws SQLException;
  }

  /** Runs an insert, update or delete; returns the rows it changed. */
  int update(String sql, Object... values) throws SQLException {
    statements++;
    if (literal) {
      try (Statement statement = connection.createStatement()) {
        return statement.executeUpdate(withLiterals(sql, values));
      }
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      return statement.executeUpdate();
    }
  }

  /** Runs a query (or a statement with RETURNING); returns its rows. */
  <T> List<T> query(String sql, Row<T> row, Object... values) throws SQLException {
    statements++;
    if (literal) {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery(withLiterals(sql, values))) {
        return rows(rows, row);
      }
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      try (ResultSet rows = statement.executeQuery()) {
        return rows(rows, row);
      }
    }
  }

  /** Statements run so far. */
  int statements() {
    return statements;
  }

  private static <T> List<T> rows(ResultSet rows, Row<T> row) throws SQLException {
    List<T> read = new ArrayList<>();
    while (rows.next()) {
      read.add(row.read(rows));
    }
    return read;
  }

  private static void bind(PreparedStatement statement, Object[] values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      statement.setObject(i + 1, values[i]);
    }
  }

  /** The SQL with each {@code ?} replaced by its value as a literal (the SQL holds no other). */
  static String withLiterals(String sql, Object... values) {
    StringBuilder text = new StringBuilder(sql.length() + 32 * values.length);
    int next = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c != '?') {
        text.append(c);
        continue;
      }
      if (next == values.length) {
        throw new IllegalArgumentException("more ? than values in: " + sql);
      }
      text.append(literal(values[next++]));
    }
    if (next != values.length) {
      throw new IllegalArgumentException("more values than ? in: " + sql);
    }
    return text.toString();
  }

  private static String literal(Object value) {
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return value.toString();
    }
    if (value instanceof LocalDateTime time) {
      return "TIMESTAMP '" + TIMESTAMP.format(time) + "'";
    }
    if (value instanceof String text) {
      // standard_conforming_strings is on (the default since 9.1): only quotes need doubling
      return "'" + text.replace("'", "''") + "'";
    }
    throw new IllegalArgumentException("no literal form for " + value.getClass());
  }
}
