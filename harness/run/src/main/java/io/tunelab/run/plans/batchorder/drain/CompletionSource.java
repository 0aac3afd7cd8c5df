package io.tunelab.run.plans.batchorder.drain;

import io.tunelab.tiers.mocks.MockEvents;
import java.util.List;

/** Where order completions come from: the Siebel mock's answered requests. */
@FunctionalInterface
public interface CompletionSource {
  /**
   * The events answered since the previous call (all since the start on the first), oldest first.
   */
  List<MockEvents.Event> poll();
}
