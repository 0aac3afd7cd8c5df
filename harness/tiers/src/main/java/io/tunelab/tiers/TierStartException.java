package io.tunelab.tiers;

import io.tunelab.core.BadInputException;
import java.nio.file.Path;

/**
 * A tier did not come up. The message carries the tier's own words (the tail of its log), since
 * that is where PostgreSQL, Artemis or WireMock say what was wrong with a setting.
 */
public class TierStartException extends BadInputException {
  private static final long serialVersionUID = 1L;

  public TierStartException(String tier, String problem, Path log, Throwable cause) {
    super(message(tier, problem, log), cause);
  }

  public TierStartException(String tier, String problem, Path log) {
    this(tier, problem, log, null);
  }

  private static String message(String tier, String problem, Path log) {
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
