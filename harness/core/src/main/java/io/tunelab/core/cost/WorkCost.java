package io.tunelab.core.cost;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the system under test spent per completed unit of work in a measured window: CPU per tier,
 * WAL, statements and commits. Less noisy than throughput (a slower run does the same work per
 * order), so good for gates; a change in the middleware or the database settings shows here first.
 *
 * <p>The unit is what the runner counted as done: a completed order (batch-order) or an answered
 * request (concurrent-soap).
 *
 * @param units completed units in the window
 * @param windowMillis length of the measured window, milliseconds
 * @param cpuMillisPerUnit {@code middleware}, {@code db}, {@code broker}: CPU milliseconds (all
 *     cores together, whole process trees) per unit, from series {@code cpu.tier} integrated over
 *     the window
 * @param sutCpuMillisPerUnit the three together
 * @param walBytesPerUnit WAL bytes the database cluster wrote per unit (its WAL insert position's
 *     advance over the window, full-page images and autovacuum included); null when the database
 *     was not snapshotted
 * @param statementsPerUnit top-level statements per unit (pg_stat_statements calls over all
 *     statements of the database, the observer's and the harness's own left out); null without
 *     pg_stat_statements
 * @param commitsPerUnit committed transactions per unit (pg_stat_database {@code xact_commit}, less
 *     the observer's and the harness's own); null when the database was not snapshotted
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkCost(
    long units,
    long windowMillis,
    Map<String, Double> cpuMillisPerUnit,
    double sutCpuMillisPerUnit,
    Double walBytesPerUnit,
    Double statementsPerUnit,
    Double commitsPerUnit) {
  public WorkCost {
    if (units <= 0) {
      throw new IllegalArgumentException("a work cost needs 1+ completed units, was " + units);
    }
    cpuMillisPerUnit = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpuMillisPerUnit));
  }
}
