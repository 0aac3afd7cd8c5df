package io.tunelab.tiers;

import io.tunelab.core.BadInputException;
import java.nio.file.Path;

/**
 * A tier refused to start with the settings it was given (PostgreSQL naming a parameter, a JVM
 * refusing a flag, a tunelab tier exiting with the bad-input status): bad input, in the tier's own
 * words (the tail of its log).
 */
public class TierInputException extends BadInputException {
  private static final long serialVersionUID = 1L;

  public TierInputException(String tier, String problem, Path log) {
    super(TierStartException.describe(tier, problem, log));
  }
}
