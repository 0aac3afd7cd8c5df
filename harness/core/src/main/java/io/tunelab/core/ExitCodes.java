package io.tunelab.core;

/**
 * The exit codes of every tunelab command, so a script or a CI job can tell a bad result from bad
 * input from a broken harness.
 */
public final class ExitCodes {
  /** The command did what it was asked; a run: every repetition valid. */
  public static final int VALID = 0;

  /** A run completed but is invalid: lost or duplicated orders, errors, a stalled drain. */
  public static final int INVALID_RUN = 1;

  /**
   * A gate failed ({@code compare}, {@code bench}): a threshold was crossed, or B is a regression
   * of A (a change both past its threshold and significant). The same code as an invalid run: the
   * numbers are not acceptable.
   */
  public static final int REGRESSION = 1;

  /** Input the user must fix; nothing was left running. See {@link BadInputException}. */
  public static final int BAD_INPUT = 2;

  /** The harness or a tier failed (a crash, a tier that did not come up): not the input's fault. */
  public static final int FAILURE = 3;

  private ExitCodes() {}
}
