package io.tunelab.core.results;

import io.tunelab.core.experiment.Plan;

/**
 * What summary.md says of a plan's steps in the plan's own words: how a repetition's throughput is
 * timed, what its outcomes column counts, and what a valid run means. The switch is over every
 * plan, so a new plan does not compile until it has its words.
 *
 * @param window how each repetition's throughput is timed
 * @param outcomes the heading of the column that counts each step's outcomes
 * @param valid what a complete, valid run guarantees
 */
record PlanWords(String window, String outcomes, String valid) {
  private static final String ERRORS_WITHIN =
      "every repetition's errors within workload.maxErrorPercent.";

  /**
   * The words of the plan run.json names; a request plan's for a name this version does not know.
   */
  static PlanWords of(String plan) {
    return Plan.of(plan).map(PlanWords::of).orElse(of(Plan.CONCURRENT_SOAP));
  }

  static PlanWords of(Plan plan) {
    return switch (plan) {
      case BATCH_ORDER ->
          new PlanWords(
              "each over its drain's steady window",
              "orders (completed/faulted/lost/dup)",
              "every order of every repetition accounted for.");
      case CONCURRENT_SOAP ->
          new PlanWords("each over its run", "requests (answered/errors)", ERRORS_WITHIN);
      case MESSAGING ->
          new PlanWords(
              "each from its first send to its last message finished",
              "messages (driven/failed/lost)",
              "every message of every repetition accounted for.");
      case SORT_REQUESTS ->
          new PlanWords(
              "each over its run", "requests (answered/errors), missed deadline", ERRORS_WITHIN);
    };
  }
}
