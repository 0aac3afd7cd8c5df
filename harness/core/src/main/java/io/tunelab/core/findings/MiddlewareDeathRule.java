package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.List;

/**
 * The middleware died in the window: the orders it held were not finished, and the repetition is
 * invalid. Out of heap it names the heap knob, as the study's "GC overhead limit exceeded" named
 * the heap; otherwise the exit status and the log.
 */
final class MiddlewareDeathRule implements FindingRule {
  @Override
  public List<Finding> apply(RunData data) {
    if (data.middlewareExit().isEmpty()) {
      return List.of();
    }
    MiddlewareExit exit = data.middlewareExit().get();
    List<String> evidence = new ArrayList<>();
    evidence.add("pid " + exit.pid() + " exited with status " + exit.status());
    if (!exit.lastLine().isBlank()) {
      evidence.add("its log ends: " + exit.lastLine().strip());
    }
    String message =
        exit.outOfMemory()
            ? "the middleware ran out of heap and exited (status "
                + exit.status()
                + "): the orders it held were not finished; raise middleware.jvm.heapMegabytes, or"
                + " hold less at once (fewer middleware.engine.threads, smaller orders)"
            : "the middleware exited with status "
                + exit.status()
                + " in the window (a crash or a kill): the orders it held were not finished; its"
                + " log says why";
    return List.of(
        new Finding(
            FindingKind.MIDDLEWARE_DIED,
            TierName.MIDDLEWARE.label(),
            message,
            evidence,
            exit.outOfMemory()
                ? List.of(
                    Candidate.raise(MiddlewareKnobs.HEAP),
                    Candidate.lower(MiddlewareKnobs.ENGINE_THREADS))
                : List.of()));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(MiddlewareExit.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.MIDDLEWARE_DIED,
            "the middleware JVM exited in the window (a crash, a kill, or out of heap: "
                + "it runs with `-XX:+ExitOnOutOfMemoryError`, status 3)",
            "the exit status and the end of its log; out of heap, raise "
                + "middleware.jvm.heapMegabytes or hold less at once (fewer "
                + "middleware.engine.threads, smaller orders); the repetition is invalid"));
  }
}
