package io.tunelab.mocks.extension;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * How many lines each repeated section of one server's answers holds ({@code ${repeat:invoices:6}}
 * in a response file), changeable while it runs. A section no count was set for keeps the default
 * its response file declares, so a mock started without tunelab answers as the files say.
 *
 * <p>Read on every request, set rarely: the counts are an immutable map swapped as a whole.
 */
final class RepeatCounts {
  /** Most lines a section may hold: 100,000 usage events make an answer of about 70 MB. */
  static final int MAX = 100_000;

  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

  private volatile Map<String, Integer> counts = Map.of();

  /** Lines of section {@code name}: the count set for it, else {@code defaultCount}. */
  int count(String name, int defaultCount) {
    Integer count = counts.get(name);
    return count == null ? defaultCount : count;
  }

  /** The counts set so far, by section name. */
  Map<String, Integer> all() {
    return new TreeMap<>(counts);
  }

  /**
   * Sets the count of each section named, keeping the others; all or none.
   *
   * @throws IllegalArgumentException naming the bad entry and what is accepted
   */
  synchronized void set(Map<String, Integer> changes) {
    for (Map.Entry<String, Integer> change : changes.entrySet()) {
      requireName(change.getKey());
      requireCount(change.getKey(), change.getValue());
    }
    Map<String, Integer> next = new HashMap<>(counts);
    next.putAll(changes);
    counts = Map.copyOf(next);
  }

  static void requireName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "a repeated section's name is letters and digits, starting with a letter, was '"
              + name
              + "'");
    }
  }

  static void requireCount(String name, Integer count) {
    if (count == null || count < 0 || count > MAX) {
      throw new IllegalArgumentException(
          "the lines of section " + name + " must be a whole number 0.." + MAX + ", was " + count);
    }
  }
}
