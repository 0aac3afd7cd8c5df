package io.tunelab.core.history;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One bench run of one experiment in the history: when it ran, on which commit, its run's id and
 * the value of each of its columns ({@link HistoryColumn}: a step's metric).
 *
 * @param commit the checkout's git commit, or {@code unknown}
 * @param values by column name, in the order the run's steps and the metrics come
 */
public record HistoryRow(Instant time, String commit, String runId, Map<String, Double> values) {
  public HistoryRow {
    Objects.requireNonNull(time, "time");
    commit = commit == null || commit.isBlank() ? "unknown" : commit;
    Objects.requireNonNull(runId, "runId");
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }
}
