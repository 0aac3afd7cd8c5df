package io.tunelab.core;

/**
 * The exit codes of every tunelab command, so a script or a CI job can tell an invalid run from a
 * failed gate from bad input from a broken harness: 0 valid, 1 an invalid run, 2 bad input, 3 the
 * harness or a tier failed, 4 a gate failed.
 */
public final class ExitCodes {
  /** The command did what it was asked; a run: every repetition valid. */
  public static final int VALID = 0;

  /**
   * A run completed but is invalid: lost or duplicated orders, errors, a stalled drain, a dead
   * middleware. Its numbers are not to be trusted ({@code run}, and {@code bench} when a suite's
   * run is invalid, whatever its gate found).
   */
  public static final int INVALID_RUN = 1;

  /**
   * A gate failed ({@code compare}, {@code bench}, {@code run --threshold}): a threshold was
   * crossed, B is a regression of A (a change both past its threshold and significant), or a check
   * could not be judged. The runs themselves were valid: their numbers are trustworthy and not
   * acceptable.
   */
  public static final int GATE_FAILED = 4;

  /** Input the user must fix; nothing was left running. See {@link BadInputException}. */
  public static final int BAD_INPUT = 2;

  /** The harness or a tier failed (a crash, a tier that did not come up): not the input's fault. */
  public static final int FAILURE = 3;

  /** Every code with its one-line meaning, in order, for help texts and docs. */
  public static final String SUMMARY =
      "0 valid (and every gate passed); 1 an invalid run (lost or duplicated orders, errors, a"
          + " stalled drain, a dead middleware); 2 bad input, nothing left running; 3 the harness"
          + " or a tier failed; 4 a gate failed (a threshold crossed, a significant regression, a"
          + " check that could not be judged)";

  private ExitCodes() {}
}
