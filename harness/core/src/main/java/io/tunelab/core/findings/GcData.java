package io.tunelab.core.findings;

/**
 * Garbage collection of one JVM tier over the measured window, from its JDK Flight Recorder
 * recording ({@code gc.json}).
 *
 * @param tier the JVM's tier, e.g. {@code middleware}
 * @param pauses stop-the-world pauses
 * @param pauseTotalMillis their summed duration, milliseconds
 * @param pauseMaxMillis the longest, milliseconds
 * @param fullCollections pauses that collected the whole heap ({@code Pause Full})
 * @param windowMillis the length of the window the pauses fell in, milliseconds
 * @param heapCapacityMegabytes the committed heap after the last collection, MB (0 when unknown)
 * @param maxHeapAfterFullMegabytes the most heap still used after a full collection, MB (0 without
 *     full collections)
 */
public record GcData(
    String tier,
    int pauses,
    double pauseTotalMillis,
    double pauseMaxMillis,
    int fullCollections,
    long windowMillis,
    double heapCapacityMegabytes,
    double maxHeapAfterFullMegabytes) {

  /** Share of the window spent in pauses, in % (0 for an empty window). */
  public double pauseSharePercent() {
    return windowMillis <= 0 ? 0 : 100.0 * pauseTotalMillis / windowMillis;
  }
}
