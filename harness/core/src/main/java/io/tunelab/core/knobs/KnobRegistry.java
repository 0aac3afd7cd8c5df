package io.tunelab.core.knobs;

import io.tunelab.core.BadInputException;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Looks knobs up by name. Besides the declared knobs it accepts any PostgreSQL setting as {@code
 * db.server.<name>}; such names are checked against the server's own {@code pg_settings} once it
 * runs. It also holds the rules between knobs ({@link KnobRules}).
 */
public final class KnobRegistry {
  /** Prefix of the PostgreSQL server settings. */
  public static final String DB_SERVER_PREFIX = "db.server.";

  private static final Pattern PG_SETTING = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z0-9_]+)?");
  private static final List<KnobSource> SOURCES = KnobSource.onClassPath();
  private static final KnobRegistry STANDARD =
      new KnobRegistry(
          byTier(
              Stream.concat(Knobs.ALL.stream(), SOURCES.stream().flatMap(s -> s.knobs().stream()))
                  .toList()),
          Stream.concat(KnobRules.ALL.stream(), SOURCES.stream().flatMap(s -> s.rules().stream()))
              .toList());

  private final Map<String, Knob<?>> knobs = new LinkedHashMap<>();
  private final List<KnobRule> rules;

  public KnobRegistry(Collection<Knob<?>> declared) {
    this(declared, List.of());
  }

  /**
   * @param declared the knobs
   * @param rules the rules between them
   */
  public KnobRegistry(Collection<Knob<?>> declared, List<KnobRule> rules) {
    this.rules = List.copyOf(rules);
    for (Knob<?> knob : declared) {
      if (knobs.put(knob.name(), knob) != null) {
        throw new IllegalArgumentException("knob declared twice: " + knob.name());
      }
    }
  }

  /** The registry of every knob tunelab has. */
  public static KnobRegistry standard() {
    return STANDARD;
  }

  /**
   * The knobs the room of the plan named {@code plan} declares ({@link KnobSource}), empty when it
   * declares none or its room is not on the class path.
   */
  public static List<Knob<?>> declaredBy(String plan) {
    return SOURCES.stream()
        .filter(source -> source.plan().equals(plan))
        .flatMap(source -> source.knobs().stream())
        .toList();
  }

  /** The declared knobs, tier by tier, each tier's in declaration order. */
  public List<Knob<?>> all() {
    return List.copyOf(knobs.values());
  }

  /** The rules between knobs, in the order of the reference page. */
  public List<KnobRule> rules() {
    return rules;
  }

  /** What is wrong with {@code set} by each rule it breaks, with the fix; empty when it works. */
  public List<String> violations(KnobSet set) {
    return rules.stream().flatMap(rule -> rule.check(set).stream()).toList();
  }

  /** The knob of that name, declared or a {@code db.server.*} pass-through. */
  public Optional<Knob<?>> find(String name) {
    Knob<?> declared = knobs.get(name);
    if (declared != null) {
      return Optional.of(declared);
    }
    if (name.startsWith(DB_SERVER_PREFIX)
        && PG_SETTING.matcher(name.substring(DB_SERVER_PREFIX.length())).matches()) {
      return Optional.of(passThrough(name));
    }
    return Optional.empty();
  }

  /**
   * The knob of that name.
   *
   * @throws BadInputException naming the closest known knobs
   */
  public Knob<?> require(String name) {
    return find(name)
        .orElseThrow(
            () ->
                new BadInputException(
                    "unknown knob '"
                        + name
                        + "'"
                        + suggestion(name)
                        + ": `./tunelab knobs` lists them all, and any PostgreSQL setting can be"
                        + " given as db.server.<name>"));
  }

  /** Whether the knob is a {@code db.server.*} setting not declared here. */
  public boolean isPassThrough(String name) {
    return !knobs.containsKey(name) && find(name).isPresent();
  }

  /** Tier by tier, in the order of {@link KnobTier}; within a tier, as given (a stable sort). */
  private static List<Knob<?>> byTier(List<Knob<?>> knobs) {
    return knobs.stream().sorted(Comparator.comparing(Knob::tier)).toList();
  }

  private static Knob<String> passThrough(String name) {
    return new Knob<>(
        name,
        KnobTypes.text(),
        "",
        "",
        KnobTier.DB,
        Knob.Apply.RESTART,
        "PostgreSQL setting "
            + name.substring(DB_SERVER_PREFIX.length())
            + " (checked against pg_settings)",
        "",
        List.of());
  }

  private String suggestion(String name) {
    List<String> close =
        knobs.keySet().stream()
            .filter(known -> distance(known, name) <= Math.max(2, name.length() / 4))
            .sorted(Comparator.comparingInt(known -> distance(known, name)))
            .limit(3)
            .toList();
    return close.isEmpty() ? "" : " (did you mean " + String.join(" or ", close) + "?)";
  }

  /** Levenshtein distance, case-insensitive. */
  static int distance(String a, String b) {
    String x = a.toLowerCase(java.util.Locale.ROOT);
    String y = b.toLowerCase(java.util.Locale.ROOT);
    int[] previous = new int[y.length() + 1];
    int[] current = new int[y.length() + 1];
    for (int j = 0; j <= y.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= x.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= y.length(); j++) {
        int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[y.length()];
  }
}
