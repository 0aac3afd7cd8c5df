package io.tunelab.cli;

import io.tunelab.core.bench.Check;
import java.util.List;

/** A gate's checks as lines: one per threshold and step, the failures counted at the end. */
final class GateText {
  private GateText() {}

  static String of(List<Check> checks) {
    StringBuilder out = new StringBuilder("\ngate:\n");
    if (checks.isEmpty()) {
      return out.append("  no threshold to check\n").toString();
    }
    for (Check c : checks) {
      out.append(String.format("  %-10s %s%n    %s%n", label(c.status()), c.name(), c.message()));
    }
    long failed = checks.stream().filter(c -> c.status() == Check.Status.FAIL).count();
    long untested = checks.stream().filter(c -> c.status() == Check.Status.NOT_TESTED).count();
    long recording = checks.stream().filter(c -> c.status() == Check.Status.RECORDING).count();
    out.append(
        String.format(
            "  %d checks: %d passed, %d failed, %d not tested%s%n",
            checks.size(),
            checks.size() - failed - untested - recording,
            failed,
            untested,
            recording == 0 ? "" : ", " + recording + " recording the baseline"));
    return out.toString();
  }

  private static String label(Check.Status status) {
    return switch (status) {
      case PASS -> "pass";
      case FAIL -> "FAIL";
      case NOT_TESTED -> "not tested";
      case RECORDING -> "recording";
    };
  }
}
