package io.tunelab.middleware.db;

import java.sql.SQLException;

/** A database call failed; the message is the server's. */
public final class DbException extends RuntimeException {
  public DbException(SQLException cause) {
    super(cause.getMessage(), cause);
  }
}
