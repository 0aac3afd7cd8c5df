package io.tunelab.core;

/**
 * The harness or a tier failed where the input was fine: a tier that crashed on start or never
 * became ready, a child process that could not be run. The command line maps it to exit code
 * {@value ExitCodes#FAILURE}, so a CI job does not read it as bad input.
 */
public class HarnessFailureException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HarnessFailureException(String message, Throwable cause) {
    super(message, cause);
  }
}
