package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import java.util.List;
import java.util.Map;

/**
 * A stack whose tiers are not processes of this machine (containers, other hosts): it has endpoints
 * but no local tiers to account for, and closing it runs {@code onClose}.
 */
record RemoteStack(
    String provider, Endpoints endpoints, Map<String, Long> startMillis, Runnable onClose)
    implements Stack {
  @Override
  public String id() {
    return provider;
  }

  @Override
  public List<Tier> tiers() {
    return List.of();
  }

  @Override
  public void close() {
    onClose.run();
  }
}
