package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Plan;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plans' rooms' knobs as the CLI finds them ({@link KnobSource}, listed by each room's
 * PlanRoom): each source names a plan there is, so its knobs are that plan's own (and refused in
 * another's), and the registry holds every one of them with the tiers' knobs.
 */
class KnobSourcesTest {
  private final List<KnobSource> sources = KnobSource.onClassPath();

  @Test
  void everyRoomsSourceIsFoundAndNamesAPlan() {
    assertThat(sources).extracting(KnobSource::plan).contains(Plan.MESSAGING.yamlName());
    for (KnobSource source : sources) {
      assertThat(Plan.of(source.plan())).as(source.getClass().getName()).isPresent();
      assertThat(source.knobs()).as(source.plan()).isNotEmpty();
    }
  }

  @Test
  void theRegistryHoldsEveryRoomsKnobsAndRulesBesideTheTiers() {
    KnobRegistry registry = KnobRegistry.standard();
    assertThat(registry.all()).containsAll(Knobs.ALL);
    assertThat(registry.rules()).containsAll(KnobRules.ALL);
    for (KnobSource source : sources) {
      assertThat(registry.all()).containsAll(source.knobs());
      assertThat(registry.rules()).containsAll(source.rules());
      Plan plan = Plan.of(source.plan()).orElseThrow();
      assertThat(plan.ownKnobs()).containsAll(source.knobs());
    }
  }
}
