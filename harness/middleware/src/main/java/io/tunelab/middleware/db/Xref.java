package io.tunelab.middleware.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Cross-references in {@code xref_data}, queried as AIA does: the value of one application's column
 * for the row number that another application's value maps to. Without the xref index this is a
 * sequential scan of the whole table per lookup; that is the studies' missing index.
 */
public final class Xref {
  private static final String LOOKUP =
      "SELECT value FROM xref_data WHERE xref_table_name = ? AND xref_column_name = ?"
          + " AND row_number IN (SELECT row_number FROM xref_data WHERE xref_table_name = ?"
          + " AND xref_column_name = ? AND value = ? AND is_deleted = 'N')";
  private static final String INSERT =
      "INSERT INTO xref_data (xref_table_name, xref_column_name, row_number, value, origin)"
          + " VALUES (?, ?, ?, ?, 'run')";

  private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext(?), hashtext(?))";

  private Xref() {}

  /**
   * Holds, to the end of the connection's transaction, the right to create the mapping of {@code
   * value} in {@code table}: taken before the lookup, it makes a second writer wait for the first
   * one's mapping and find it, instead of both finding none and both creating the entity. Two
   * values sharing a hash only wait for each other.
   */
  public static void lockMapping(Connection connection, String table, String value)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(LOCK)) {
      statement.setString(1, table);
      statement.setString(2, value);
      statement.execute();
    }
  }

  /** The {@code toColumn} value mapped to {@code fromValue} of {@code fromColumn}, if any. */
  public static Optional<String> lookup(
      Connection connection, String table, String fromColumn, String fromValue, String toColumn)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(LOOKUP)) {
      statement.setString(1, table);
      statement.setString(2, toColumn);
      statement.setString(3, table);
      statement.setString(4, fromColumn);
      statement.setString(5, fromValue);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next() ? Optional.of(rows.getString(1)) : Optional.empty();
      }
    }
  }

  /** Writes one mapping: a value per column, all under {@code rowNumber}. */
  public static void insert(
      Connection connection, String table, String rowNumber, List<Column> columns)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
      for (Column column : columns) {
        statement.setString(1, table);
        statement.setString(2, column.name());
        statement.setString(3, rowNumber);
        statement.setString(4, column.value());
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  /** One application's value in a mapping. */
  public record Column(String name, String value) {}
}
