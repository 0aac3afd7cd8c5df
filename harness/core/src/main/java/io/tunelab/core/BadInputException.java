package io.tunelab.core;

/**
 * Input the user must fix before anything can run: an unknown knob, a bad value, a malformed file,
 * a missing prerequisite. The message names the problem and the fix; the command line maps it to
 * exit code {@value #EXIT_CODE}.
 */
public class BadInputException extends RuntimeException {
  /** Exit code of a command that stopped on bad input. */
  public static final int EXIT_CODE = ExitCodes.BAD_INPUT;

  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
