package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import java.util.List;
import java.util.Map;

/** A stack a provider started or connected to. Closing it stops what the provider started. */
public interface Stack extends AutoCloseable {
  String id();

  /** {@code embedded}, {@code external} or {@code testcontainers}. */
  String provider();

  Endpoints endpoints();

  /** Measured start time in milliseconds per tier, and {@code stack} for the whole stack. */
  Map<String, Long> startMillis();

  /** The tiers this provider runs as local processes; empty when it runs none. */
  List<Tier> tiers();

  @Override
  void close();
}
