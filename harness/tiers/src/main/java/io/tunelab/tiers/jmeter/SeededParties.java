package io.tunelab.tiers.jmeter;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The party ids of seeded customers: customer i (1..N) is {@code tunelab_siebel_id(i, 7919, 5)} of
 * {@code db/migration/V3__seed_function.sql}, {@code '1-'} and {@code (i * 7919) mod 36^5} in five
 * base-36 digits. The batch-order plan picks its customers with the same formula.
 */
public final class SeededParties {
  private static final long MULTIPLIER = 7919;
  private static final int WIDTH = 5;
  private static final long MODULUS = 36L * 36 * 36 * 36 * 36;

  private SeededParties() {}

  /** The party id of seeded customer {@code i} (1-based). */
  public static String partyId(long i) {
    String digits = Long.toString(Math.floorMod(i * MULTIPLIER, MODULUS), 36);
    return "1-" + "0".repeat(WIDTH - digits.length()) + digits.toUpperCase(Locale.ROOT);
  }

  /** The party ids of customers 1..{@code customers}, in order. */
  public static Set<String> partyIds(int customers) {
    Set<String> ids = new LinkedHashSet<>();
    for (int i = 1; i <= customers; i++) {
      ids.add(partyId(i));
    }
    return ids;
  }
}
