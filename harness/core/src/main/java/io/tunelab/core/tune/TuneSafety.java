package io.tunelab.core.tune;

import io.tunelab.core.knobs.Knob;
import java.util.Optional;
import java.util.Set;

/**
 * What a tuner may never try on its own: a knob the user pinned ({@code --keep}, {@code
 * tune.fixed:}), and a value that trades durability for speed (the registry marks them: {@link
 * Knob#tradesDurabilityAt}) unless the user allowed it ({@code --allow-durability}). A faster
 * configuration that can lose a commit or a message on a crash is a different system, not a tuned
 * one; the user decides that, not the search. Nor a knob the stack cannot take: one that restarts a
 * tier of a stack tunelab does not own ({@code --provider external}), which the trial's run would
 * refuse after the runs before it.
 *
 * @param pinned names of the knobs never changed
 * @param allowDurability whether durability-trading values may be tried
 * @param fixedByStack names of the knobs the stack's provider cannot change
 */
public record TuneSafety(Set<String> pinned, boolean allowDurability, Set<String> fixedByStack) {
  public TuneSafety {
    pinned = Set.copyOf(pinned);
    fixedByStack = Set.copyOf(fixedByStack);
  }

  /** No knob fixed by the stack: a stack tunelab owns. */
  public TuneSafety(Set<String> pinned, boolean allowDurability) {
    this(pinned, allowDurability, Set.of());
  }

  /** Why {@code knob} may not be set to {@code value} by the tuner, or empty when it may. */
  public Optional<String> refusal(Knob<?> knob, Object value) {
    if (pinned.contains(knob.name())) {
      return Optional.of(knob.name() + " is pinned (--keep): never changed");
    }
    if (fixedByStack.contains(knob.name())) {
      return Optional.of(
          knob.name()
              + " restarts a tier of a stack tunelab does not own: not tried there (tune on the"
              + " embedded stack, or start the stack with the value wanted)");
    }
    if (!allowDurability && knob.tradesDurability(value)) {
      return Optional.of(
          knob.name()
              + "="
              + knob.format(value)
              + " trades durability for speed (a crash can lose commits or messages):"
              + " tried only with --allow-durability");
    }
    return Optional.empty();
  }
}
