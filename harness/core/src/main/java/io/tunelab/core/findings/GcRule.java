package io.tunelab.core.findings;

import io.tunelab.core.knobs.KnobRegistry;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM that spends too much of the run collecting garbage: its heap is too small for its load (the
 * studies' "GC overhead limit exceeded"), or its collector or young generation does not fit.
 *
 * <p>Qualifies when GC pauses take at least {@value #MAX_PAUSE_SHARE_PERCENT}% of the measured
 * window, or at least {@value #MIN_FULL_COLLECTIONS} full collections ran in it.
 */
final class GcRule implements FindingRule {
  static final double MAX_PAUSE_SHARE_PERCENT = 5;
  static final int MIN_FULL_COLLECTIONS = 3;

  @Override
  public List<Finding> apply(RunData data) {
    if (data.gc().isEmpty()) {
      return List.of();
    }
    GcData gc = data.gc().get();
    boolean paused = gc.pauseSharePercent() >= MAX_PAUSE_SHARE_PERCENT;
    boolean fullLoop = gc.fullCollections() >= MIN_FULL_COLLECTIONS;
    if (!paused && !fullLoop) {
      return List.of();
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            "gc.json %s: %d pauses, %.0f ms in total (%.1f%% of %.0f s), longest %.0f ms",
            gc.tier(),
            gc.pauses(),
            gc.pauseTotalMillis(),
            gc.pauseSharePercent(),
            gc.windowMillis() / 1000.0,
            gc.pauseMaxMillis()));
    evidence.add("full collections: " + gc.fullCollections());
    if (gc.fullCollections() > 0) {
      evidence.add(
          String.format(
              "most heap still used after a full collection: %.0f MB of %.0f MB",
              gc.maxHeapAfterFullMegabytes(), gc.heapCapacityMegabytes()));
    }
    String message =
        String.format(
            "%s spends %.1f%% of the run in GC pauses with %d full collections: its heap is too"
                + " small for this load (raise %s.jvm.heapMegabytes) or its collector does not fit",
            gc.tier(), gc.pauseSharePercent(), gc.fullCollections(), gc.tier());
    return List.of(
        new Finding(
            FindingKind.GC_PRESSURE,
            gc.tier(),
            message,
            evidence,
            KnobRegistry.standard().find(gc.tier() + ".jvm.heapMegabytes").stream()
                .map(Candidate::raise)
                .toList()));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(GcData.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.GC_PRESSURE,
            "GC pauses take at least 5% of the window, or 3+ full collections ran in it",
            "heap too small (raise `middleware.jvm.heapMegabytes`) or collector unfit"));
  }
}
