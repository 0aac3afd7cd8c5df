package io.tunelab.core.bench;

import java.util.Objects;

/**
 * What a suite did with an experiment's baseline: gated against it, or recorded tonight's run into
 * it (the bootstrap of a machine's baseline, or a new one).
 *
 * @param experiment the experiment's name
 * @param machine the key of the machine whose baseline it is ({@link Fingerprint#machineKey()})
 * @param state {@link State#GATE} or {@link State#RECORDING}
 * @param nights the baseline's nights: those the gate pooled, or those recorded with tonight's
 * @param wanted the nights the suite wants before it gates ({@code baselineNights})
 * @param message what happened, and when the gate starts
 */
public record BaselineUse(
    String experiment, String machine, State state, int nights, int wanted, String message) {
  /** Gated or recorded. */
  public enum State {
    /** The relative thresholds were judged against the baseline's nights. */
    GATE,
    /** The baseline is being recorded: its relative thresholds were not judged tonight. */
    RECORDING
  }

  public BaselineUse {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(message, "message");
  }
}
