package io.tunelab.core.knobs;

import io.tunelab.core.BadInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable set of knob values: every declared knob at its default unless set, plus the {@code
 * db.server.*} pass-through settings that were set. One per step of a run.
 */
public final class KnobSet {
  private final KnobRegistry registry;
  private final Map<String, Object> set;

  private KnobSet(KnobRegistry registry, Map<String, Object> set) {
    this.registry = registry;
    this.set = Collections.unmodifiableMap(set);
  }

  /** Every knob at its default. */
  public static KnobSet defaults(KnobRegistry registry) {
    return new KnobSet(registry, new LinkedHashMap<>());
  }

  public static KnobSet defaults() {
    return defaults(KnobRegistry.standard());
  }

  /**
   * This set with one more value, read from text.
   *
   * @throws BadInputException for an unknown knob or a bad value
   */
  public KnobSet with(String name, String text) {
    Knob<?> knob = registry.require(name);
    Map<String, Object> next = new LinkedHashMap<>(set);
    next.put(name, knob.parse(text));
    return new KnobSet(registry, next);
  }

  /** This set with every value of {@code texts} applied in order. */
  public KnobSet withAll(Map<String, String> texts) {
    KnobSet result = this;
    for (Map.Entry<String, String> entry : texts.entrySet()) {
      result = result.with(entry.getKey(), entry.getValue());
    }
    return result;
  }

  /** Every knob this set holds a value of, declared in its registry, tier by tier. */
  public List<Knob<?>> declared() {
    return registry.all();
  }

  /**
   * What is wrong with this set by the registry's rules between knobs ({@link KnobRules}), each
   * with its fix; empty when the values can work together.
   */
  public List<String> violations() {
    return registry.violations(this);
  }

  /** The value of a declared knob. */
  public <T> T get(Knob<T> knob) {
    Object value = set.get(knob.name());
    return value == null ? knob.defaultValue() : knob.cast(value);
  }

  /**
   * The knobs whose value here trades durability for speed ({@link Knob#tradesDurabilityAt}), as
   * {@code name=value}, in the registry's order: what a crash in this configuration may lose.
   */
  public List<String> durabilityTraded() {
    List<String> traded = new ArrayList<>();
    for (Knob<?> knob : registry.all()) {
      Object value = get(knob);
      if (knob.tradesDurability(value)) {
        traded.add(knob.name() + "=" + knob.format(value));
      }
    }
    return traded;
  }

  /** The {@code db.server.*} settings that are set but not declared, name without the prefix. */
  public Map<String, String> serverPassThrough() {
    Map<String, String> settings = new LinkedHashMap<>();
    set.forEach(
        (name, value) -> {
          if (registry.isPassThrough(name)) {
            settings.put(name.substring(KnobRegistry.DB_SERVER_PREFIX.length()), (String) value);
          }
        });
    return settings;
  }

  /**
   * Every PostgreSQL server setting of the set, name without {@code db.server.}: each declared
   * {@code db.server.*} knob (set or default), then the pass-through ones. The db tier starts with
   * these and the run reads them back from the server.
   */
  public Map<String, String> serverSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    for (Knob<?> knob : registry.all()) {
      if (knob.name().startsWith(KnobRegistry.DB_SERVER_PREFIX)) {
        settings.put(
            knob.name().substring(KnobRegistry.DB_SERVER_PREFIX.length()), knob.format(get(knob)));
      }
    }
    settings.putAll(serverPassThrough());
    return settings;
  }

  /** Every knob as text: each declared knob (set or default), then the pass-through settings. */
  public Map<String, String> resolved() {
    Map<String, String> all = new LinkedHashMap<>();
    for (Knob<?> knob : registry.all()) {
      all.put(knob.name(), knob.format(get(knob)));
    }
    serverPassThrough()
        .forEach((name, value) -> all.put(KnobRegistry.DB_SERVER_PREFIX + name, value));
    return all;
  }

  /** The knobs whose value differs from their default, as text. */
  public Map<String, String> changed() {
    Map<String, String> changed = new LinkedHashMap<>();
    set.forEach(
        (name, value) -> {
          Knob<?> knob = registry.require(name);
          if (!Objects.equals(value, knob.defaultValue())) {
            changed.put(name, knob.format(value));
          }
        });
    return changed;
  }

  /** The tiers that must restart to go from {@code previous} to this set. */
  public Set<KnobTier> restartsFrom(KnobSet previous) {
    Set<KnobTier> tiers = EnumSet.noneOf(KnobTier.class);
    Map<String, String> before = previous.resolved();
    resolved()
        .forEach(
            (name, value) -> {
              Knob<?> knob = registry.require(name);
              if (knob.apply() == Knob.Apply.RESTART && !value.equals(before.get(name))) {
                tiers.add(knob.tier());
              }
            });
    before.keySet().stream()
        .filter(name -> !resolved().containsKey(name))
        .forEach(name -> tiers.add(registry.require(name).tier()));
    return tiers;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KnobSet knobs && knobs.resolved().equals(resolved());
  }

  @Override
  public int hashCode() {
    return resolved().hashCode();
  }

  @Override
  public String toString() {
    return changed().toString();
  }
}
