package io.tunelab.core.stack;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A process of a run, as results, observer series, logs and messages name it. The middleware, its
 * database and its broker are the system under test; the load generator, the mocks (the simulated
 * back-ends) and the controller (tunelab's own JVM, the observer inside it) are the harness.
 */
public enum TierName {
  MIDDLEWARE(true),
  DB(true),
  BROKER(true),
  LOAD(false),
  MOCKS(false),
  CONTROLLER(false);

  private final boolean underTest;

  TierName(boolean underTest) {
    this.underTest = underTest;
  }

  /** Lower-case name: {@code middleware}, {@code db}, {@code broker}, ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether it is part of the system under test, not of the harness that measures it. */
  public boolean underTest() {
    return underTest;
  }

  /** The tiers of the system under test, in this order: middleware, db, broker. */
  public static List<TierName> systemUnderTest() {
    return Arrays.stream(values()).filter(TierName::underTest).toList();
  }

  /** The harness's tiers, in this order: load, mocks, controller. */
  public static List<TierName> harness() {
    return Arrays.stream(values()).filter(t -> !t.underTest).toList();
  }

  /** The tier of a label, as {@link #label()} writes it. */
  public static Optional<TierName> ofLabel(String label) {
    return Arrays.stream(values()).filter(t -> t.label().equals(label)).findFirst();
  }
}
