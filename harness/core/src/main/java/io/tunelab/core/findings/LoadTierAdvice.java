package io.tunelab.core.findings;

import java.util.Objects;

/**
 * What a plan says of its load tier's work in the measured window when that work is part of what
 * the experiment asks for (batch-order's users querying beside its drain, {@code
 * workload.besideUsers}): the harness-heavy finding says it in place of the house's advice (send
 * the load before the window, or from another host), which would not lighten that work.
 *
 * @param advice what the finding says of the load tier, after "the system under test had that much
 *     less CPU; "
 */
public record LoadTierAdvice(String advice) {
  public LoadTierAdvice {
    Objects.requireNonNull(advice, "advice");
  }
}
