package io.tunelab.core.history;

import java.util.List;
import java.util.Map;

/**
 * Where bench runs are kept over time: a folder of Otava-shaped CSV files ({@link FileHistory}) or
 * a table in the user's PostgreSQL.
 */
public interface HistoryStore {
  /** Adds one experiment's row of a bench run of {@code suite}. */
  void append(String suite, String experiment, HistoryRow row);

  /** Every experiment of {@code suite} with its rows, oldest first; empty when it has none. */
  Map<String, List<HistoryRow>> read(String suite);

  /** Where it is, for a message: a folder or a database URL without its password. */
  String where();
}
