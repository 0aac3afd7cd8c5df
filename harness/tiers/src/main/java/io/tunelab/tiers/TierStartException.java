package io.tunelab.tiers;

import io.tunelab.core.HarnessFailureException;
import java.nio.file.Path;

/**
 * A tier did not come up, and not because of a setting it refused (that is {@link
 * TierInputException}): it crashed, timed out, or could not be run. The message carries the tier's
 * own words (the tail of its log).
 */
public class TierStartException extends HarnessFailureException {
  private static final long serialVersionUID = 1L;

  public TierStartException(String tier, String problem, Path log, Throwable cause) {
    super(describe(tier, problem, log), cause);
  }

  public TierStartException(String tier, String problem, Path log) {
    this(tier, problem, log, null);
  }

  /** "the TIER tier did not start: PROBLEM", then the last lines of its log. */
  static String describe(String tier, String problem, Path log) {
    StringBuilder message = new StringBuilder("the ").append(tier).append(" tier did not start: ");
    message.append(problem);
    if (log != null) {
      String tail = TierProcess.tail(log, 15);
      if (!tail.isBlank()) {
        message.append("\n--- last lines of ").append(log).append(" ---\n").append(tail);
      } else {
        message.append(" (log: ").append(log).append(')');
      }
    }
    return message.toString();
  }
}
