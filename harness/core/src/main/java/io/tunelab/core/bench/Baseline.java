package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The runs of one experiment a suite's relative thresholds compare with, on one kind of machine:
 * one run a night, recorded by {@code tunelab bench} while the baseline is young (its bootstrap) or
 * by {@code tunelab baseline update}. The gate pools the repetitions of the newest nights, so the
 * noise from night to night is in the baseline's spread, not only the noise within one run.
 *
 * @param suite the suite it belongs to
 * @param experiment the experiment's name, as its run.json names it
 * @param machine the machine's key ({@link Fingerprint#machineKey()}), its folder's name
 * @param nights the runs, oldest first
 */
public record Baseline(String suite, String experiment, String machine, List<Night> nights) {
  /**
   * One recorded run.
   *
   * @param recordedAt when it was recorded (ISO-8601)
   * @param fingerprint the machine and parts it was measured on
   * @param run the run, as its run.json holds it
   */
  public record Night(String recordedAt, Fingerprint fingerprint, RunResult run) {
    public Night {
      Objects.requireNonNull(recordedAt, "recordedAt");
      Objects.requireNonNull(fingerprint, "fingerprint");
      Objects.requireNonNull(run, "run");
    }
  }

  public Baseline {
    Objects.requireNonNull(suite, "suite");
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(machine, "machine");
    nights = List.copyOf(nights);
    if (nights.isEmpty()) {
      throw new IllegalArgumentException("a baseline has at least one night");
    }
  }

  /** A new baseline of one night on {@code machine}. */
  public static Baseline of(String suite, String machine, Night night) {
    return new Baseline(suite, night.run().experiment(), machine, List.of(night));
  }

  /** This baseline with one more night, the newest. */
  public Baseline with(Night night) {
    List<Night> more = new ArrayList<>(nights);
    more.add(night);
    return new Baseline(suite, experiment, machine, more);
  }

  /** The newest {@code wanted} nights' runs, oldest first; fewer while the baseline is young. */
  public List<RunResult> runs(int wanted) {
    return nights.subList(Math.max(0, nights.size() - wanted), nights.size()).stream()
        .map(Night::run)
        .toList();
  }

  /** Whether it has the nights the gate needs to know its noise. */
  public boolean complete(int wanted) {
    return nights.size() >= wanted;
  }

  /** The machine and parts of its newest night. */
  public Fingerprint newest() {
    return nights.get(nights.size() - 1).fingerprint();
  }
}
