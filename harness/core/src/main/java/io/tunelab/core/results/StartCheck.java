package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What run.json keeps of a repetition's {@link StartState} (the whole state is in its folder's
 * {@code start-state.json}): its digest and totals, and how it differs from the state its step's
 * first repetition started from.
 *
 * @param digest the state's digest: equal digests, equal states
 * @param bytes tables and indexes together
 * @param deadRows dead row versions in every table
 * @param queuedMessages messages waiting on the broker; null when not read
 * @param journalFiles the broker's message journal data files; null when unknown
 * @param differences from the step's first repetition's start, one phrase each; empty when equal
 *     (and for the first)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StartCheck(
    String digest,
    long bytes,
    long deadRows,
    Long queuedMessages,
    Integer journalFiles,
    List<String> differences) {
  /** Most differences kept: the rest are in the two start-state.json files. */
  public static final int MAX_DIFFERENCES = 8;

  public StartCheck {
    differences = List.copyOf(differences);
  }

  /**
   * The check of {@code state} against the step's first repetition's ({@code null} for that one).
   */
  public static StartCheck of(StartState state, StartState first) {
    List<String> differences = first == null ? List.of() : state.differencesFrom(first);
    if (differences.size() > MAX_DIFFERENCES) {
      differences = differences.subList(0, MAX_DIFFERENCES);
    }
    return new StartCheck(
        state.digest(),
        state.bytes(),
        state.deadRows(),
        state.queuedMessages(),
        state.journalFiles(),
        differences);
  }

  /** Whether it started as its step's first repetition did. */
  public boolean same() {
    return differences.isEmpty();
  }
}
