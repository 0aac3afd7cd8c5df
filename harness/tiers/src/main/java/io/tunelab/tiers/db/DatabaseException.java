package io.tunelab.tiers.db;

/** A database operation of the harness failed; the message says which and PostgreSQL's words. */
public class DatabaseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DatabaseException(String message, Throwable cause) {
    super(message, cause);
  }
}
