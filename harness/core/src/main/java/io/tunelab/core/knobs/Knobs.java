package io.tunelab.core.knobs;

import java.util.List;
import java.util.stream.Stream;

/**
 * Every knob of the stack tiers. Each tier declares its own in one file ({@link DbKnobs}, {@link
 * DataKnobs}, {@link BrokerKnobs}, {@link MocksKnobs}, {@link MiddlewareKnobs}, {@link
 * WorkloadKnobs}); the reference page {@code docs/knobs.md} and {@code tunelab knobs} are generated
 * from {@link #ALL}.
 */
public final class Knobs {
  private Knobs() {}

  /** Prefix of the middleware's knobs; the rest of a settings knob's name is its settings key. */
  public static final String MIDDLEWARE_PREFIX = "middleware.";

  /**
   * Prefix of the workload knobs; an experiment's {@code workload:} section names them without it.
   */
  public static final String WORKLOAD_PREFIX = "workload.";

  /** Every declared knob, tier by tier, in the order of the reference page. */
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
