package io.tunelab.mocks.extension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every request one server answered since the last reset: a tally per operation and a numbered
 * event list a poller reads in pages.
 *
 * <p>One lock guards both, so a sequence number is handed out and its event stored in one step: a
 * reader never sees a gap that later fills, counts always agree with events, and no event is lost
 * or counted twice however many Jetty threads record at once. Sequence numbers start at 1 and keep
 * growing across resets, so a poller's last sequence stays meaningful. The newest {@code capacity}
 * events are kept (a poller reading every second never comes near); a page says how many events
 * after its {@code since} were overwritten before they were read.
 */
final class ServedRequests {
  static final int DEFAULT_CAPACITY = 1 << 20;

  private final ServedEvent[] ring;
  private final Map<String, OperationTally> tallies = new TreeMap<>();
  private long lastSequence;
  // Events up to here were dropped by a reset on purpose; a poller did not miss them.
  private long resetThrough;
  // Older events were overwritten by newer ones: a poller that still wanted them missed them.
  private long firstHeldSequence = 1;

  ServedRequests(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    ring = new ServedEvent[capacity];
  }

  ServedRequests() {
    this(DEFAULT_CAPACITY);
  }

  /** Records one answered request and returns its sequence number. */
  synchronized long record(long epochMillis, String operation, String key, boolean fault) {
    long sequence = ++lastSequence;
    ring[slot(sequence)] = new ServedEvent(sequence, epochMillis, operation, key, fault);
    firstHeldSequence = Math.max(firstHeldSequence, sequence - ring.length + 1);
    tallies.computeIfAbsent(operation, name -> new OperationTally()).add(epochMillis, fault);
    return sequence;
  }

  /** Events with a sequence number above {@code since}, oldest first, at most {@code limit}. */
  synchronized EventPage since(long since, int limit) {
    long wanted = Math.max(since, resetThrough) + 1;
    long from = Math.max(wanted, firstHeldSequence);
    long missed = Math.max(0, Math.min(from, lastSequence + 1) - wanted);
    List<ServedEvent> events = new ArrayList<>();
    for (long sequence = from; sequence <= lastSequence && events.size() < limit; sequence++) {
      events.add(ring[slot(sequence)]);
    }
    long next =
        events.isEmpty() ? Math.max(since, lastSequence) : events.get(events.size() - 1).sequence();
    return new EventPage(since, next, lastSequence, missed, next < lastSequence, events);
  }

  /** Tallies per operation since the last reset. */
  synchronized Counts counts() {
    Map<String, OperationCount> operations = new TreeMap<>();
    long total = 0;
    long faults = 0;
    for (Map.Entry<String, OperationTally> entry : tallies.entrySet()) {
      OperationCount count = entry.getValue().snapshot();
      operations.put(entry.getKey(), count);
      total += count.count();
      faults += count.faults();
    }
    return new Counts(lastSequence, total, faults, operations);
  }

  /** Forgets all tallies and events; sequence numbers continue. Returns the last one handed out. */
  synchronized long reset() {
    tallies.clear();
    Arrays.fill(ring, null);
    resetThrough = lastSequence;
    return lastSequence;
  }

  private int slot(long sequence) {
    return (int) (sequence % ring.length);
  }

  /** One answered request; {@code epochMillis} is when its response was due to be sent. */
  record ServedEvent(
      long sequence, long epochMillis, String operation, String key, boolean fault) {}

  /**
   * A page of events.
   *
   * @param nextSince the {@code since} of the next poll
   * @param lastSequence the newest sequence number handed out
   * @param missed events after {@code since} that were overwritten before anyone read them (events
   *     dropped by a reset are not missed)
   * @param more whether events after {@code nextSince} are waiting
   */
  record EventPage(
      long since,
      long nextSince,
      long lastSequence,
      long missed,
      boolean more,
      List<ServedEvent> events) {}

  /** Answers of one operation. Times are epoch milliseconds; null when nothing was answered. */
  record OperationCount(long count, long faults, Long firstEpochMillis, Long lastEpochMillis) {}

  /** All tallies and the newest sequence number. */
  record Counts(
      long lastSequence, long total, long faults, Map<String, OperationCount> operations) {}

  private static final class OperationTally {
    private long count;
    private long faults;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    void add(long epochMillis, boolean fault) {
      count++;
      if (fault) {
        faults++;
      }
      first = Math.min(first, epochMillis);
      last = Math.max(last, epochMillis);
    }

    OperationCount snapshot() {
      return new OperationCount(count, faults, first, last);
    }
  }
}
