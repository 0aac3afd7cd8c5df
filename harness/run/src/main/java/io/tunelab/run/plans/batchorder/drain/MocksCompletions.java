package io.tunelab.run.plans.batchorder.drain;

import io.tunelab.tiers.mocks.MockEvents;
import io.tunelab.tiers.mocks.MocksClient;
import java.util.ArrayList;
import java.util.List;

/**
 * The Siebel mock's answered requests after a sequence number, read page by page from its admin
 * API. Not thread-safe: one poller.
 */
public final class MocksCompletions implements CompletionSource {
  private final MocksClient siebel;
  private long since;

  /**
   * @param since the mock's last sequence number before the batch (e.g. {@link MocksClient#reset()}
   *     or {@code events(0).lastSequence()} taken before the run): only later events count
   */
  public MocksCompletions(MocksClient siebel, long since) {
    this.siebel = siebel;
    this.since = since;
  }

  /**
   * @throws IllegalStateException when the mock dropped events before they were read: the
   *     accounting would then report completed orders as lost
   */
  @Override
  public List<MockEvents.Event> poll() {
    List<MockEvents.Event> events = new ArrayList<>();
    MockEvents page;
    do {
      page = siebel.events(since);
      if (page.missed() > 0) {
        throw new IllegalStateException(
            "the "
                + siebel
                + " no longer holds "
                + page.missed()
                + " events after sequence "
                + since
                + ": poll it more often, the accounting cannot be trusted");
      }
      events.addAll(page.events());
      since = page.nextSince();
    } while (page.more());
    return events;
  }
}
