package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * How a suite's experiments meet their baselines on this machine. Baselines are kept per kind of
 * machine ({@link BaselineStore}); a machine without one records its own before it gates, one run a
 * night: the first {@code wanted} nights record (their relative thresholds are {@link
 * Check.Status#RECORDING}, not judged), and from the next night on the gate compares with all of
 * them, once their noise from night to night is known. A baseline measured with other parts (the
 * PostgreSQL major version, Artemis, JMeter or WireMock, known once the stack is up) does not
 * compare either: a new one starts that night. {@code --record-baseline} starts a new one on
 * purpose (after a change of the middleware's costs, say).
 */
public final class BaselineBootstrap {
  private final BaselineStore store;
  private final String suite;
  private final int wanted;
  private final String machine;
  private final boolean recordNew;
  private final boolean allowOtherMachine;

  /**
   * @param machine this machine's key ({@link Fingerprint#machineKey()})
   * @param wanted the nights a baseline needs before the gate starts (the suite's {@code
   *     baselineNights})
   * @param recordNew whether tonight starts a new baseline whatever is recorded ({@code
   *     --record-baseline})
   * @param allowOtherMachine whether, with none of this machine's own, another machine's complete
   *     baseline is compared with (its numbers rarely compare)
   */
  public BaselineBootstrap(
      BaselineStore store,
      String suite,
      int wanted,
      String machine,
      boolean recordNew,
      boolean allowOtherMachine) {
    this.store = store;
    this.suite = suite;
    this.wanted = wanted;
    this.machine = machine;
    this.recordNew = recordNew;
    this.allowOtherMachine = allowOtherMachine;
  }

  /** What the gate will do with an experiment's baseline, decided before anything runs. */
  public record Plan(String experiment, Optional<Baseline> own, Optional<Baseline> other) {
    /** Whether tonight is compared with a complete baseline (subject to the parts matching). */
    boolean gates(int wanted, boolean recordNew) {
      return !recordNew && (own.map(b -> b.complete(wanted)).orElse(false) || other.isPresent());
    }
  }

  /** What came of it after the run: the case the gate judges and what was done. */
  public record Outcome(GateCase gateCase, BaselineUse use) {}

  /** Reads the experiment's baselines (a file that is not one is bad input, before any run). */
  public Plan plan(String experiment) {
    Optional<Baseline> own = store.read(suite, machine, experiment);
    Optional<Baseline> other = Optional.empty();
    if (own.isEmpty() && allowOtherMachine && !recordNew) {
      for (String key : store.machines(suite, experiment)) {
        Optional<Baseline> b = store.read(suite, key, experiment);
        if (b.isPresent() && b.get().complete(wanted)) {
          other = b; // the last complete one by key; --allow-other-machine is a knowing override
        }
      }
    }
    return new Plan(experiment, own, other);
  }

  /**
   * Gates the run against the baseline or records it into it (a complete, valid run only).
   *
   * @param tonight the machine and parts the run was measured on
   */
  public Outcome settle(
      Plan plan, RunResult run, Fingerprint tonight, List<StepThreshold> thresholds) {
    String experiment = plan.experiment();
    if (plan.gates(wanted, recordNew)) {
      Baseline baseline = plan.own().orElseGet(() -> plan.other().orElseThrow());
      List<String> differences =
          allowOtherMachine ? List.of() : tonight.differences(baseline.newest());
      if (differences.isEmpty()) {
        List<RunResult> runs = baseline.runs(wanted);
        return new Outcome(
            new GateCase(experiment, run, runs, thresholds),
            new BaselineUse(
                experiment,
                baseline.machine(),
                BaselineUse.State.GATE,
                runs.size(),
                wanted,
                "compared with "
                    + nights(runs.size())
                    + " of "
                    + (baseline.machine().equals(machine)
                        ? "this machine"
                        : "another machine, " + baseline.machine() + " (--allow-other-machine)")
                    + ": "
                    + store.file(suite, baseline.machine(), experiment)));
      }
      return record(
          run,
          tonight,
          thresholds,
          null,
          "the baseline was measured with other parts ("
              + String.join("; ", differences)
              + "): a new one starts with tonight's run");
    }
    Baseline young = recordNew ? null : plan.own().orElse(null);
    String why =
        recordNew
            ? "--record-baseline: a new baseline starts with tonight's run"
            : young == null
                ? "no baseline of this machine yet" + others(experiment)
                : "the baseline of this machine is being recorded";
    return record(run, tonight, thresholds, young, why);
  }

  private Outcome record(
      RunResult run,
      Fingerprint tonight,
      List<StepThreshold> thresholds,
      Baseline young,
      String why) {
    String experiment = run.experiment();
    int before = young == null ? 0 : young.nights().size();
    boolean recordable = run.status() == RunStatus.COMPLETE && run.valid();
    String message;
    int nights = before;
    if (recordable) {
      Baseline.Night night = new Baseline.Night(Instant.now().toString(), tonight, run);
      Baseline baseline = young == null ? Baseline.of(suite, machine, night) : young.with(night);
      store.write(baseline);
      nights = baseline.nights().size();
      message =
          why
              + ": night "
              + nights
              + " of "
              + wanted
              + " recorded in "
              + store.file(suite, machine, experiment)
              + (nights >= wanted
                  ? "; the gate starts with the next night"
                  : "; the gate starts once " + wanted + " nights are recorded");
    } else {
      message =
          why
              + ": tonight's run is not complete and valid, so it is not recorded ("
              + nights
              + " of "
              + wanted
              + " nights)";
    }
    return new Outcome(
        GateCase.recording(experiment, run, thresholds, message),
        new BaselineUse(experiment, machine, BaselineUse.State.RECORDING, nights, wanted, message));
  }

  private String others(String experiment) {
    List<String> others =
        store.machines(suite, experiment).stream().filter(m -> !m.equals(machine)).toList();
    return others.isEmpty()
        ? " (" + machine + ")"
        : " ("
            + machine
            + "; baselines of other machines, "
            + String.join(", ", others)
            + ", do not compare with its numbers)";
  }

  private static String nights(int n) {
    return n == 1 ? "1 night" : n + " nights";
  }
}
