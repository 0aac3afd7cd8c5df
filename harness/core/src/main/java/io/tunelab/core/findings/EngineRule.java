package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;

/**
 * The middleware's engine threads are the limit: with an asynchronous delivery policy the engine
 * threads make the back-end calls, and when all of them are busy while handed-off messages wait,
 * more consumers change nothing (the hand-off queue fills and blocks them, and the broker queues
 * grow instead).
 *
 * <p>A sample catches a thread between two tasks now and then, so busy means 80%, not 100%.
 * Qualifies when, over at least {@value #MIN_SAMPLES} samples of the measured window, the engine
 * threads were busy {@value #MIN_BUSY_SHARE} of the time or more on average and messages waited for
 * them in at least {@value #MIN_WAITING_SHARE} of the samples.
 */
final class EngineRule implements FindingRule {
  static final int MIN_SAMPLES = 5;
  static final double MIN_BUSY_SHARE = 0.8;
  static final double MIN_WAITING_SHARE = 0.5;

  @Override
  public List<Finding> apply(RunData data) {
    EngineData engine = data.engine();
    if (engine.threads() == 0 || engine.busy().size() < MIN_SAMPLES) {
      return List.of();
    }
    double busyShare = Trend.mean(engine.busy()) / engine.threads();
    double waitingShare =
        engine.backlog().isEmpty()
            ? 0
            : engine.backlog().stream().filter(p -> p.value() >= 1).count()
                / (double) engine.backlog().size();
    if (busyShare < MIN_BUSY_SHARE || waitingShare < MIN_WAITING_SHARE) {
      return List.of();
    }
    double meanBacklog = Trend.mean(engine.backlog());
    String message =
        String.format(
            "the %d engine threads were busy %.0f%% of the window while %.1f handed-off messages"
                + " waited for them on average (%d can wait before the consumers block and the"
                + " broker queues grow): the engine is the limit; raise middleware.engine.threads"
                + " if the CPU has room (each thread adds one call at a time to the back-ends and"
                + " the database)",
            engine.threads(), 100 * busyShare, meanBacklog, engine.capacity());
    List<String> evidence =
        List.of(
            String.format(
                "series.csv middleware.engineBusy%s: mean %.1f of %d threads over %d samples",
                instance(engine),
                Trend.mean(engine.busy()),
                engine.threads(),
                engine.busy().size()),
            String.format(
                "series.csv middleware.engineBacklog%s: mean %.1f, max %.0f, messages waiting in"
                    + " %.0f%% of the samples (capacity %d)",
                instance(engine),
                meanBacklog,
                Trend.max(engine.backlog()),
                100 * waitingShare,
                engine.capacity()));
    return List.of(
        new Finding(
            FindingKind.ENGINE_SATURATED,
            "engine",
            message,
            evidence,
            List.of(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS))));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(EngineData.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.ENGINE_SATURATED,
            "over 5+ samples the engine threads were 80%+ busy on average and "
                + "handed-off messages waited for them in half the samples or more (async "
                + "delivery policies)",
            "raise `middleware.engine.threads` if the CPU has room"));
  }

  /** The instance's label when it is not the only one's, as series.csv labels it. */
  private static String instance(EngineData engine) {
    return engine.instance().equals("middleware") ? "" : " (label " + engine.instance() + ")";
  }
}
