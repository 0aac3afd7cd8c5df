package io.tunelab.core.results;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * A repetition's latency histogram as run.json holds it ({@code latencyHistogram}): base64 of
 * HdrHistogram's compressed encoding at the best compression, exactly what an interval line of an
 * HdrHistogram log ({@code .hlog}) carries, so either can be decoded by the other's tools. Values
 * are milliseconds.
 */
public final class LatencyHistograms {
  /** A repetition's latency log in its folder: one interval histogram, values in milliseconds. */
  public static final String HLOG = RunLayout.HLOG;

  private LatencyHistograms() {}

  /** The base64 text of {@code histogram}. */
  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
  }

  /**
   * The histogram of {@code base64}.
   *
   * @throws IllegalArgumentException when it is not an encoded histogram
   */
  public static Histogram decode(String base64) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
      return Histogram.decodeFromCompressedByteBuffer(buffer, 0);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
    }
  }

  /**
   * Every sample of the repetitions in one histogram; empty when a repetition has none (a run.json
   * before schemaVersion 2) or there is no repetition.
   */
  public static Optional<Histogram> merge(List<Repetition> repetitions) {
    if (repetitions.isEmpty() || repetitions.stream().anyMatch(r -> r.latencyHistogram() == null)) {
      return Optional.empty();
    }
    Histogram merged = null;
    for (Repetition repetition : repetitions) {
      Histogram one = decode(repetition.latencyHistogram());
      if (merged == null) {
        // the same precision as the repetitions' (buckets line up: the merge is exact), and
        // auto-resizing to take any repetition's range
        merged = new Histogram(one.getNumberOfSignificantValueDigits());
      }
      merged.add(one);
    }
    return Optional.of(merged);
  }
}
