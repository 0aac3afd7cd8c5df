package io.tunelab.run.history;

import io.tunelab.core.BadInputException;
import io.tunelab.core.history.FileHistory;
import io.tunelab.core.history.HistoryStore;
import java.nio.file.Path;

/** The history a {@code --history} value names: a folder, or a PostgreSQL JDBC URL. */
public final class Histories {
  private static final String POSTGRES = "jdbc:postgresql:";

  private Histories() {}

  /**
   * The store of {@code value}, or the files under {@code defaultRoot} when it is null. A database
   * is reached and migrated here, so a wrong URL ends the command before any tier starts.
   *
   * @throws BadInputException for a JDBC URL of another database, or a database out of reach
   */
  public static HistoryStore open(String value, Path defaultRoot) {
    if (value == null || value.isBlank()) {
      return new FileHistory(defaultRoot);
    }
    if (value.startsWith(POSTGRES)) {
      return PostgresHistory.open(value);
    }
    if (value.startsWith("jdbc:")) {
      throw new BadInputException(
          "--history "
              + withoutPassword(value)
              + ": only PostgreSQL is supported as a history database (jdbc:postgresql://...);"
              + " or give a folder for Otava-shaped CSV files");
    }
    return new FileHistory(Path.of(value));
  }

  /** A JDBC URL with its password parameter's value hidden, for messages and output. */
  public static String withoutPassword(String url) {
    return url.replaceAll("(?i)(password=)[^&]*", "$1***");
  }
}
