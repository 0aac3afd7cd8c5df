package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The physical state the stack was in when a repetition's measured load began, read from the tiers
 * themselves: every table's pages, index pages, live and dead rows, planner statistics, every
 * sequence's position, what waited on the broker and how many data files its journal held. Two
 * repetitions that start from equal states start from the same tables, statistics, sequences and
 * queues: what they measure differs by what happened during them, not before.
 *
 * @param relations by table name
 * @param sequences each sequence's last value (0 when never called since its restart)
 * @param queuedMessages messages waiting on the broker's queues; null when the broker was not read
 * @param journalFiles data files of the broker's message journal; null when unknown (a broker
 *     without tunelab's journal control)
 * @param deadTupleSource how dead rows were counted: {@code pgstattuple} (the pages read) or {@code
 *     statistics} (the cumulative statistics, which lag by a second or so)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StartState(
    Map<String, Relation> relations,
    Map<String, Long> sequences,
    Long queuedMessages,
    Integer journalFiles,
    String deadTupleSource) {

  /**
   * One table.
   *
   * @param heapBytes the table's main fork, bytes
   * @param indexBytes all its indexes together, bytes
   * @param liveRows rows visible
   * @param deadRows row versions no longer visible, not yet vacuumed away
   * @param plannerRows pg_class.reltuples: what the planner believes (-1: never vacuumed nor
   *     analyzed)
   * @param plannerPages pg_class.relpages
   * @param statisticsRows pg_statistic rows: 0 when never analyzed (or reset)
   */
  public record Relation(
      long heapBytes,
      long indexBytes,
      long liveRows,
      long deadRows,
      double plannerRows,
      long plannerPages,
      long statisticsRows) {}

  public StartState {
    relations = java.util.Collections.unmodifiableMap(new TreeMap<>(relations));
    sequences = java.util.Collections.unmodifiableMap(new TreeMap<>(sequences));
  }

  /** This state with the broker's part. */
  public StartState withBroker(Long queued, Integer files) {
    return new StartState(relations, sequences, queued, files, deadTupleSource);
  }

  /** Bytes of every table and index together. */
  @JsonIgnore
  public long bytes() {
    return relations.values().stream().mapToLong(r -> r.heapBytes() + r.indexBytes()).sum();
  }

  /** Dead row versions in every table. */
  @JsonIgnore
  public long deadRows() {
    return relations.values().stream().mapToLong(Relation::deadRows).sum();
  }

  /** The first 12 hex digits of a SHA-256 over the whole state: equal states, equal digests. */
  @JsonIgnore
  public String digest() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(canonical().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  private String canonical() {
    StringBuilder out = new StringBuilder();
    relations.forEach((name, r) -> out.append(name).append('=').append(r).append('\n'));
    sequences.forEach((name, v) -> out.append(name).append('=').append(v).append('\n'));
    out.append("queued=").append(queuedMessages).append('\n');
    out.append("journal=").append(journalFiles).append('\n');
    return out.toString();
  }

  /**
   * How this state differs from {@code earlier}, one phrase per difference, e.g. {@code xref_data
   * heap 311296 -> 319488 bytes}; empty when equal.
   */
  public List<String> differencesFrom(StartState earlier) {
    List<String> out = new ArrayList<>();
    TreeMap<String, Relation> all = new TreeMap<>(earlier.relations);
    all.putAll(relations);
    for (String name : all.keySet()) {
      Relation was = earlier.relations.get(name);
      Relation now = relations.get(name);
      if (was == null || now == null) {
        out.add(name + (was == null ? " appeared" : " disappeared"));
        continue;
      }
      differ(out, name + " heap", was.heapBytes(), now.heapBytes(), "bytes");
      differ(out, name + " indexes", was.indexBytes(), now.indexBytes(), "bytes");
      differ(out, name + " live rows", was.liveRows(), now.liveRows(), "");
      differ(out, name + " dead rows", was.deadRows(), now.deadRows(), "");
      differ(out, name + " planner rows", was.plannerRows(), now.plannerRows(), "");
      differ(out, name + " planner pages", was.plannerPages(), now.plannerPages(), "");
      differ(out, name + " statistics rows", was.statisticsRows(), now.statisticsRows(), "");
    }
    TreeMap<String, Long> sequencesBoth = new TreeMap<>(earlier.sequences);
    sequencesBoth.putAll(sequences);
    for (String name : sequencesBoth.keySet()) {
      differ(out, name, earlier.sequences.get(name), sequences.get(name), "");
    }
    differ(out, "queued messages", earlier.queuedMessages, queuedMessages, "");
    differ(out, "journal data files", earlier.journalFiles, journalFiles, "");
    return out;
  }

  private static void differ(List<String> out, String what, Object was, Object now, String unit) {
    if (!Objects.equals(was, now)) {
      out.add(
          String.format(Locale.ROOT, "%s %s -> %s %s", what, number(was), number(now), unit)
              .strip());
    }
  }

  private static String number(Object value) {
    if (value instanceof Double d && d == Math.rint(d)) {
      return Long.toString(d.longValue());
    }
    return String.valueOf(value);
  }
}
