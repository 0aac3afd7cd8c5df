package io.tunelab.core.knobs;

import java.util.List;
import java.util.stream.Stream;

/**
 * Every knob the stack tiers declare. Each tier declares its own in one file ({@link DbKnobs},
 * {@link DataKnobs}, {@link BrokerKnobs}, {@link MocksKnobs}, {@link MiddlewareKnobs}, {@link
 * WorkloadKnobs}); a plan's room declares the knobs only it reads ({@link KnobSource}). The
 * registry ({@link KnobRegistry#standard()}) holds both, and the reference page {@code
 * docs/knobs.md} and {@code tunelab knobs} are generated from it.
 */
public final class Knobs {
  private Knobs() {}

  /** Prefix of the middleware's knobs; the rest of a settings knob's name is its settings key. */
  public static final String MIDDLEWARE_PREFIX = "middleware.";

  /**
   * Prefix of the workload knobs; an experiment's {@code workload:} section names them without it.
   */
  public static final String WORKLOAD_PREFIX = "workload.";

  /** Every knob the tiers' files declare, tier by tier; without the plans' rooms' own. */
  public static final List<Knob<?>> ALL =
      Stream.of(
              DbKnobs.ALL,
              DataKnobs.ALL,
              BrokerKnobs.ALL,
              MocksKnobs.ALL,
              MiddlewareKnobs.ALL,
              WorkloadKnobs.ALL)
          .flatMap(List::stream)
          .toList();
}
