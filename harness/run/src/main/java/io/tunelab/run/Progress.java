package io.tunelab.run;

/**
 * Where a run is, for a person watching: the command line shows a live line on a terminal and plain
 * lines otherwise. Called from the runner's thread and from its live-rate thread.
 */
public interface Progress {
  /** Prints nothing. */
  Progress SILENT =
      new Progress() {
        @Override
        public void phase(Position position, String phase) {}

        @Override
        public void live(Position position, int settled, int orders, double perMinute) {}

        @Override
        public void report(RunEvent event) {}
      };

  /**
   * Which repetition of which step runs.
   *
   * @param step the step's name
   * @param stepNumber 1-based
   * @param steps steps in the experiment
   * @param repetition 1-based
   * @param repeat repetitions per step
   * @param etaSeconds estimated seconds until the run ends; negative when not known yet
   */
  record Position(
      String step, int stepNumber, int steps, int repetition, int repeat, long etaSeconds) {}

  /** A new phase began: starting tiers, preparing data, warm-up, load, drain. */
  void phase(Position position, String phase);

  /** While a batch drains: orders settled so far and the completion rate of the last seconds. */
  void live(Position position, int settled, int orders, double perMinute);

  /** Something to keep: the run's start, a warm-up's rounds and end, a repetition's result. */
  void report(RunEvent event);
}
