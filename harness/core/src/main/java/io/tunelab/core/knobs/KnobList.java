package io.tunelab.core.knobs;

import java.util.ArrayList;
import java.util.List;

/**
 * A tier's knobs, collected as they are declared: a knob built through {@link #knob} joins the list
 * when it is added, so no file keeps a second list by hand. A plan's room declares its own knobs
 * through one too ({@link KnobSource}).
 */
public final class KnobList {
  private final KnobTier tier;
  private final Knob.Apply apply;
  private final List<Knob<?>> knobs = new ArrayList<>();

  /**
   * @param tier the tier every knob of the list reaches
   * @param apply how a change of them applies, unless a knob says otherwise
   */
  public KnobList(KnobTier tier, Knob.Apply apply) {
    this.tier = tier;
    this.apply = apply;
  }

  public <T> Knob.Builder<T> knob(String name, KnobType<T> type, T defaultValue) {
    return new Knob.Builder<>(name, type, defaultValue, tier, apply, knobs::add);
  }

  /** The knobs added so far, in declaration order. */
  public List<Knob<?>> all() {
    return List.copyOf(knobs);
  }
}
