package io.tunelab.core.tune;

import io.tunelab.core.findings.Candidate;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The studies' cycle as a loop: measure the configuration, read its findings' candidates, try the
 * first one that has a value left to try, keep it only when its trial's verdict keeps it, and go on
 * from what the last trial measured, until the budget is spent or no candidate is left. A kept
 * change moves the bottleneck, so the next candidates are the changed configuration's findings'; a
 * number is searched to its end first ({@link NumericSearch}: doubled while it helps, then
 * bisected). No configuration is tried twice, and what {@link TuneSafety} refuses is never tried.
 *
 * <p>The runs are not its business: {@link Trials} measures, the loop decides. The budget counts
 * trials (each a paired comparison of the kept configuration and one change) or the time they may
 * be started in; the confirmation (start against the end, measured again) is the caller's, on the
 * result.
 */
public final class TuneLoop {
  /** What measures: a tuner's runs on the real stack, or a model of them in a test. */
  public interface Trials {
    /** The candidates the findings of {@code knobs} propose, measured alone, in their order. */
    List<Candidate> observe(Map<String, String> knobs);

    /** {@code changed} measured against {@code kept}, paired, with both sides' findings. */
    Trial compare(Map<String, String> kept, Map<String, String> changed);

    /**
     * Why {@code knobs}, as last measured, leave the goal nothing to gain (no deadline missed in
     * any repetition: none can be fewer), or empty; the loop then stops instead of spending its
     * budget on trials no change could win.
     */
    default Optional<String> atFloor(Map<String, String> knobs) {
      return Optional.empty();
    }

    /**
     * What proposed {@code candidate} in the last measurement of {@code knobs} (its findings, in
     * how many repetitions); the candidate itself when that is not known.
     */
    default String proposer(Map<String, String> knobs, Candidate candidate) {
      return candidate.toString();
    }
  }

  /**
   * One trial's outcome.
   *
   * @param verdict whether the change is kept, and why
   * @param keptCandidates what the kept configuration's findings propose in this trial
   * @param changedCandidates what the changed configuration's findings propose
   */
  public record Trial(
      TrialVerdict verdict, List<Candidate> keptCandidates, List<Candidate> changedCandidates) {}

  /**
   * One step of the ladder found.
   *
   * @param knob the knob changed
   * @param value its value tried
   * @param proposedBy the findings that proposed it, and in how many repetitions
   * @param kept whether the change was kept
   * @param reason the verdict's line
   * @param ratio the goal's ratio, the change over what was kept; null when not compared
   * @param with the other knobs set with it, which the change needs to take effect ({@link
   *     Candidate#needs}); empty for most
   */
  public record Step(
      String knob,
      String value,
      String proposedBy,
      boolean kept,
      String reason,
      Double ratio,
      Map<String, String> with) {
    public Step {
      with =
          with == null
              ? Map.of()
              : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(with));
    }

    /** A step of one knob. */
    public Step(
        String knob, String value, String proposedBy, boolean kept, String reason, Double ratio) {
      this(knob, value, proposedBy, kept, reason, ratio, Map.of());
    }

    /** A step whose goal was not compared. */
    public Step(String knob, String value, String proposedBy, boolean kept, String reason) {
      this(knob, value, proposedBy, kept, reason, null);
    }

    /** Every knob the step set: its own, then what it needed. */
    public Map<String, String> changes() {
      Map<String, String> all = new LinkedHashMap<>();
      all.put(knob, value);
      all.putAll(with);
      return all;
    }

    /** {@code knob=value}, and what it was set with. */
    public String label() {
      return with.isEmpty()
          ? knob + "=" + value
          : knob
              + "="
              + value
              + " with "
              + String.join(
                  ", ",
                  with.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
  }

  /**
   * What the loop found.
   *
   * @param start the configuration it started from (the knobs it may change, as set)
   * @param end the configuration it ended with
   * @param steps every trial, in order
   * @param refused candidates' values never tried, and why (pinned, durability)
   * @param stopped why it stopped: the budget, or no candidate left
   */
  public record Result(
      Map<String, String> start,
      Map<String, String> end,
      List<Step> steps,
      List<String> refused,
      String stopped) {
    /** Whether the loop ended (budget spent, or nothing left), not handed over half-way. */
    public boolean finished() {
      return !stopped.startsWith(NOT_FINISHED);
    }
  }

  /** How a result handed over after a trial, before the loop ended, begins its {@code stopped}. */
  public static final String NOT_FINISHED = "not finished: ";

  private final KnobRegistry registry;
  private final TuneSafety safety;
  private final double resolution;

  /**
   * @param registry the knobs, to read a candidate's current value and range
   * @param safety what is never tried
   * @param resolution how close a numeric search comes, a share of the kept value ({@link
   *     NumericSearch})
   */
  public TuneLoop(KnobRegistry registry, TuneSafety safety, double resolution) {
    this.registry = registry;
    this.safety = safety;
    this.resolution = resolution;
  }

  /**
   * How much the loop may spend: at most {@code trials} trials, and none started once {@code time}
   * has passed since the loop began (a trial under way runs to its end).
   *
   * @param trials trials at most
   * @param time how long trials may be started for; null for no limit
   */
  public record Budget(int trials, Duration time) {
    public Budget {
      if (trials < 1) {
        throw new IllegalArgumentException("a budget is 1 trial or more, was " + trials);
      }
    }

    /** At most {@code trials} trials. */
    public static Budget ofTrials(int trials) {
      return new Budget(trials, null);
    }

    /** Trials started for {@code time}, however many. */
    public static Budget ofTime(Duration time) {
      return new Budget(Integer.MAX_VALUE, time);
    }

    @Override
    public String toString() {
      return time == null
          ? trials + (trials == 1 ? " trial" : " trials")
          : time.toMinutes() + " min";
    }
  }

  /** Tunes from {@code start} with at most {@code budget} trials. */
  public Result run(Map<String, String> start, int budget, Trials trials) {
    return run(start, Budget.ofTrials(budget), trials, System::nanoTime);
  }

  /** Tunes from {@code start} within {@code budget}. */
  public Result run(Map<String, String> start, Budget budget, Trials trials) {
    return run(start, budget, trials, System::nanoTime);
  }

  /**
   * Tunes from {@code start} within {@code budget}, handing {@code afterTrial} what was found so
   * far after each trial (so a tune stopped half-way leaves its path), its {@code stopped} saying
   * it is not finished.
   */
  public Result run(
      Map<String, String> start, Budget budget, Trials trials, Consumer<Result> afterTrial) {
    return run(start, budget, trials, System::nanoTime, afterTrial);
  }

  /** Tunes from {@code start} within {@code budget}, the time read from {@code nanoClock}. */
  Result run(Map<String, String> start, Budget budget, Trials trials, LongSupplier nanoClock) {
    return run(start, budget, trials, nanoClock, partial -> {});
  }

  private Result run(
      Map<String, String> start,
      Budget budget,
      Trials trials,
      LongSupplier nanoClock,
      Consumer<Result> afterTrial) {
    long began = nanoClock.getAsLong();
    Map<String, String> kept = new LinkedHashMap<>(start);
    List<Step> steps = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    Set<Map<String, String>> tried = new HashSet<>();
    // a number searched to its end from a configuration is not searched again from it
    Set<String> searched = new HashSet<>();
    tried.add(normalized(kept));
    List<Candidate> candidates = trials.observe(Map.copyOf(kept));
    Candidate searching = null;
    NumericSearch search = null;
    while (steps.size() < budget.trials()
        && (budget.time() == null || nanoClock.getAsLong() - began < budget.time().toNanos())) {
      Optional<String> floor = trials.atFloor(Map.copyOf(kept));
      if (floor.isPresent()) {
        return result(start, kept, steps, refused, "the goal is at its floor: " + floor.get());
      }
      Optional<Proposal> proposal = Optional.empty();
      if (search != null) {
        proposal = fromSearch(searching, search, kept, tried);
        if (proposal.isEmpty()) {
          searched.add(searchKey(searching, kept));
          search = null;
        }
      }
      if (proposal.isEmpty()) {
        for (Candidate candidate : candidates) {
          if (candidate.move() != Candidate.Move.SET
              && searched.contains(searchKey(candidate, kept))) {
            continue;
          }
          proposal = propose(candidate, kept, tried, refused);
          if (proposal.isPresent()) {
            break;
          }
        }
      }
      if (proposal.isEmpty()) {
        return result(start, kept, steps, refused, "no finding has a change left to try");
      }
      Proposal next = proposal.get();
      if (next.search() != null) {
        searching = next.candidate();
        search = next.search();
      }
      String proposer = trials.proposer(Map.copyOf(kept), next.candidate());
      Map<String, String> changed = new LinkedHashMap<>(kept);
      changed.put(next.candidate().knob(), next.value());
      changed.putAll(next.with());
      tried.add(normalized(changed));
      Trial trial = trials.compare(Map.copyOf(kept), Map.copyOf(changed));
      boolean keep = trial.verdict().keep();
      steps.add(
          new Step(
              next.candidate().knob(),
              next.value(),
              proposer,
              keep,
              trial.verdict().reason(),
              trial.verdict().ratio(),
              next.with()));
      if (next.search() != null) {
        next.search().judge(keep);
      }
      if (keep) {
        kept = changed;
        candidates = trial.changedCandidates();
      } else {
        candidates = stillProposed(trial.keptCandidates(), candidates);
      }
      afterTrial.accept(
          result(
              start,
              kept,
              steps,
              refused,
              NOT_FINISHED
                  + steps.size()
                  + (steps.size() == 1 ? " trial" : " trials")
                  + " so far (stopped, or still running)"));
    }
    return result(start, kept, steps, refused, "the budget of " + budget + " was spent");
  }

  /**
   * The kept configuration's candidates after a trial that changed nothing: what its findings
   * proposed in this trial first, then what they proposed in its earlier measurements. Every
   * measurement of the same configuration is evidence alike, and a finding near its threshold fires
   * in one window and not the next: taking the last alone dropped a candidate it had proposed.
   */
  private static List<Candidate> stillProposed(List<Candidate> latest, List<Candidate> earlier) {
    Set<Candidate> union = new java.util.LinkedHashSet<>(latest);
    union.addAll(earlier);
    return List.copyOf(union);
  }

  /** A numeric candidate's search from a configuration: the knob, its way, the other knobs. */
  private String searchKey(Candidate candidate, Map<String, String> kept) {
    Map<String, String> others = new LinkedHashMap<>(kept);
    others.remove(candidate.knob());
    return candidate.knob() + " " + candidate.move() + " " + normalized(others);
  }

  private record Proposal(
      Candidate candidate, String value, NumericSearch search, Map<String, String> with) {
    Proposal(Candidate candidate, String value, NumericSearch search) {
      this(candidate, value, search, Map.of());
    }
  }

  private static Result result(
      Map<String, String> start,
      Map<String, String> kept,
      List<Step> steps,
      List<String> refused,
      String stopped) {
    return new Result(
        Map.copyOf(start), Map.copyOf(kept), List.copyOf(steps), List.copyOf(refused), stopped);
  }

  /** The first value of {@code candidate} not tried from {@code kept} and not refused. */
  private Optional<Proposal> propose(
      Candidate candidate,
      Map<String, String> kept,
      Set<Map<String, String>> tried,
      List<String> refused) {
    Optional<Knob<?>> found = registry.find(candidate.knob());
    if (found.isEmpty()) {
      return Optional.empty();
    }
    Knob<?> knob = found.get();
    String current = current(knob, kept);
    if (candidate.move() == Candidate.Move.SET) {
      Optional<Map<String, String>> needed = unmet(candidate, kept, refused);
      if (needed.isEmpty()) {
        return Optional.empty();
      }
      for (String value : candidate.values()) {
        Map<String, String> changed = new LinkedHashMap<>(with(kept, knob.name(), value));
        changed.putAll(needed.get());
        if (value.equals(current) || tried.contains(normalized(changed))) {
          continue;
        }
        if (allowed(knob, value, refused)) {
          return Optional.of(new Proposal(candidate, value, null, needed.get()));
        }
      }
      return Optional.empty();
    }
    if (!allowed(knob, current, refused)) {
      return Optional.empty();
    }
    if (!current.matches("-?\\d+")) {
      String reason = candidate + ": only whole numbers are searched, and it is " + current;
      if (!refused.contains(reason)) {
        refused.add(reason);
      }
      return Optional.empty();
    }
    NumericSearch search =
        NumericSearch.from(
            Integer.parseInt(current), candidate.move(), value -> accepts(knob, value), resolution);
    return fromSearch(candidate, search, kept, tried);
  }

  private Optional<Proposal> fromSearch(
      Candidate candidate,
      NumericSearch search,
      Map<String, String> kept,
      Set<Map<String, String>> tried) {
    OptionalInt value = search.next();
    while (value.isPresent()
        && tried.contains(
            normalized(with(kept, candidate.knob(), Integer.toString(value.getAsInt()))))) {
      // the same configuration measured before: its verdict then stands for this value
      search.judge(false);
      value = search.next();
    }
    return value.isEmpty()
        ? Optional.empty()
        : Optional.of(new Proposal(candidate, Integer.toString(value.getAsInt()), search));
  }

  /**
   * The settings {@code candidate} needs that {@code kept} does not meet (a number below the need,
   * another value different), to set with it; empty when a need is refused or unknown, so the
   * change is not tried without it.
   */
  private Optional<Map<String, String>> unmet(
      Candidate candidate, Map<String, String> kept, List<String> refused) {
    Map<String, String> unmet = new LinkedHashMap<>();
    for (Map.Entry<String, String> need : candidate.needs().entrySet()) {
      Optional<Knob<?>> found = registry.find(need.getKey());
      if (found.isEmpty()) {
        return Optional.empty();
      }
      Knob<?> knob = found.get();
      String current = current(knob, kept);
      String wanted = canonical(knob, need.getValue());
      boolean met =
          current.matches("-?\\d+") && wanted.matches("-?\\d+")
              ? Long.parseLong(current) >= Long.parseLong(wanted)
              : current.equals(wanted);
      if (!met) {
        if (!allowed(knob, wanted, refused)) {
          return Optional.empty();
        }
        unmet.put(knob.name(), wanted);
      }
    }
    return Optional.of(unmet);
  }

  /** Whether the tuner may set {@code knob} to {@code value}; a refusal is noted once. */
  private boolean allowed(Knob<?> knob, String value, List<String> refused) {
    Optional<String> refusal = safety.refusal(knob, knob.parse(value));
    refusal.filter(reason -> !refused.contains(reason)).ifPresent(refused::add);
    return refusal.isEmpty();
  }

  /**
   * The knob's value in {@code kept} as the knob writes it: {@code true} and {@code on} are one.
   */
  private static String current(Knob<?> knob, Map<String, String> kept) {
    String set = kept.get(knob.name());
    return set != null ? canonical(knob, set) : knob.format(knob.defaultValue());
  }

  /** {@code value} as {@code knob} writes it; as given when the knob does not take it. */
  private static String canonical(Knob<?> knob, String value) {
    try {
      return knob.format(knob.parse(value));
    } catch (RuntimeException notItsValue) {
      return value;
    }
  }

  private static boolean accepts(Knob<?> knob, int value) {
    try {
      knob.parse(Integer.toString(value));
      return true;
    } catch (RuntimeException outOfRange) {
      return false;
    }
  }

  /**
   * A configuration without the knobs set to their defaults, each value as its knob writes it: one
   * key per configuration (the YAML's {@code db.analyze: on} arrives as {@code true}, a finding's
   * candidate as {@code on}).
   */
  private Map<String, String> normalized(Map<String, String> knobs) {
    Map<String, String> set = new LinkedHashMap<>();
    knobs.forEach(
        (name, value) -> {
          Optional<Knob<?>> knob = registry.find(name);
          if (knob.isEmpty()) {
            set.put(name, value);
          } else {
            String canonical = canonical(knob.get(), value);
            if (!knob.get().format(knob.get().defaultValue()).equals(canonical)) {
              set.put(name, canonical);
            }
          }
        });
    return Map.copyOf(set);
  }

  private static Map<String, String> with(Map<String, String> kept, String knob, String value) {
    Map<String, String> changed = new LinkedHashMap<>(kept);
    changed.put(knob, value);
    return Map.copyOf(changed);
  }
}
