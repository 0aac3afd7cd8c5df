package io.tunelab.tiers.mocks;

import java.util.List;

/**
 * A page of the requests one mock answered, oldest first.
 *
 * @param since the sequence number asked for: events after it
 * @param nextSince where the next poll starts
 * @param lastSequence the newest sequence number the mock handed out
 * @param missed events after {@code since} the mock no longer held when asked (it keeps about a
 *     million; 0 for any poller that keeps up)
 * @param more whether more events wait after {@code nextSince}
 */
public record MockEvents(
    long since, long nextSince, long lastSequence, long missed, boolean more, List<Event> events) {
  public MockEvents {
    events = List.copyOf(events);
  }

  /**
   * One answered request.
   *
   * @param sequence unique, increasing number of the event
   * @param epochMillis when the answer was due to be sent (after the mock's delay)
   * @param operation the mapping name, e.g. {@code UpdateSalesOrder}
   * @param key the request's key id (the element the mapping names, e.g. the order id); null when
   *     the mapping names none
   * @param fault whether the answer was a SOAP Fault
   */
  public record Event(
      long sequence, long epochMillis, String operation, String key, boolean fault) {}
}
