package io.tunelab.core.measure;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram (milliseconds) that also keeps one histogram per second of the time each
 * latency ended (an order completed, a request answered, a message finished): the per-second
 * intervals of a repetition's {@code latency.hlog}, so HdrHistogram's own tools show the latency
 * over time, as its {@code Recorder} does for a running system. The whole and the seconds hold the
 * same values.
 */
public final class TimedLatencies extends Histogram {
  private static final long serialVersionUID = 1L;

  private final TreeMap<Long, Histogram> perSecond = new TreeMap<>();

  /** Values up to {@code highest} ms, at {@code digits} significant digits. */
  public TimedLatencies(long highest, int digits) {
    super(highest, digits);
  }

  /** Auto-resizing, at {@code digits} significant digits. */
  public TimedLatencies(int digits) {
    super(digits);
  }

  /** Records {@code millis}, a latency that ended at {@code endedAtMillis} (epoch ms). */
  public void record(long endedAtMillis, long millis) {
    recordValue(millis);
    perSecond
        .computeIfAbsent(Math.floorDiv(endedAtMillis, 1000), s -> emptyLike())
        .recordValue(millis);
  }

  /** Each second (epoch seconds) with the latencies that ended in it, in time order. */
  public NavigableMap<Long, Histogram> perSecond() {
    return Collections.unmodifiableNavigableMap(perSecond);
  }

  /** A copy that keeps the seconds (and the time stamps), so a copy still knows its time line. */
  @Override
  public TimedLatencies copy() {
    TimedLatencies copy =
        isAutoResize()
            ? new TimedLatencies(getNumberOfSignificantValueDigits())
            : new TimedLatencies(getHighestTrackableValue(), getNumberOfSignificantValueDigits());
    copy.add(this);
    copy.setStartTimeStamp(getStartTimeStamp());
    copy.setEndTimeStamp(getEndTimeStamp());
    for (Map.Entry<Long, Histogram> second : perSecond.entrySet()) {
      copy.perSecond.put(second.getKey(), second.getValue().copy());
    }
    return copy;
  }

  private Histogram emptyLike() {
    return isAutoResize()
        ? new Histogram(getNumberOfSignificantValueDigits())
        : new Histogram(getHighestTrackableValue(), getNumberOfSignificantValueDigits());
  }
}
