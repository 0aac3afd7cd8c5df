package io.tunelab.tiers.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeededPartiesTest {
  @Test
  void matchesTheSeedFunctionOfTheDatabase() {
    // Computed once by tunelab_siebel_id(i, 7919, 5) of V3__seed_function.sql on PostgreSQL 15.
    assertThat(SeededParties.partyId(1)).isEqualTo("1-0063Z");
    assertThat(SeededParties.partyId(2)).isEqualTo("1-00C7Y");
    assertThat(SeededParties.partyId(36)).isEqualTo("1-063Z0");
    assertThat(SeededParties.partyId(1000)).isEqualTo("1-4PQC8");
    assertThat(SeededParties.partyId(4711)).isEqualTo("1-M7LT5");
    assertThat(SeededParties.partyId(7635)).isEqualTo("1-ZZWFX");
    assertThat(SeededParties.partyId(1_000_000)).isEqualTo("1-YRNI8");
  }

  @Test
  void givesEveryCustomerItsOwnId() {
    assertThat(SeededParties.partyIds(10_000)).hasSize(10_000);
  }
}
