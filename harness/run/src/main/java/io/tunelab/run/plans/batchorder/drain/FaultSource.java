package io.tunelab.run.plans.batchorder.drain;

import java.util.Map;

/** Where faulted orders come from: the middleware's {@code process_instance} rows. */
@FunctionalInterface
public interface FaultSource {
  /** Every faulted order id known now, with its fault reason. */
  Map<String, String> faulted();
}
