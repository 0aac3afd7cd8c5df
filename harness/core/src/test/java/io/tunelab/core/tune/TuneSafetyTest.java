package io.tunelab.core.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs.DeliveryPolicy;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TuneSafetyTest {
  @Test
  void aDurabilityTradingValueIsRefusedUnlessAllowedAndTheSafeValuesAreNot() {
    TuneSafety careful = new TuneSafety(Set.of(), false);

    assertThat(careful.refusal(DbKnobs.FSYNC, false))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .contains("db.server.fsync=off trades durability")
                    .contains("--allow-durability"));
    assertThat(careful.refusal(DbKnobs.FSYNC, true)).isEmpty();
    assertThat(careful.refusal(MiddlewareKnobs.DELIVERY_POLICY, DeliveryPolicy.ASYNC_CACHE))
        .isPresent();
    assertThat(careful.refusal(MiddlewareKnobs.DELIVERY_POLICY, DeliveryPolicy.SYNC)).isEmpty();
    assertThat(new TuneSafety(Set.of(), true).refusal(BrokerKnobs.PERSISTENCE, false)).isEmpty();
  }

  @Test
  void aPinnedKnobIsNeverChangedWhateverTheValue() {
    TuneSafety pinned = new TuneSafety(Set.of("middleware.engine.threads"), true);

    assertThat(pinned.refusal(MiddlewareKnobs.ENGINE_THREADS, 8))
        .hasValueSatisfying(reason -> assertThat(reason).contains("pinned"));
  }

  @Test
  void aKnobTheStackCannotChangeIsNeverTriedAndSaysWhy() {
    TuneSafety safety = new TuneSafety(Set.of(), true, Set.of(DbKnobs.MAX_CONNECTIONS.name()));

    assertThat(safety.refusal(DbKnobs.MAX_CONNECTIONS, 200))
        .hasValueSatisfying(
            reason ->
                assertThat(reason).contains("restarts a tier of a stack tunelab does not own"));
    assertThat(safety.refusal(DbKnobs.SHARED_BUFFERS, "256MB")).isEmpty();
  }
}
