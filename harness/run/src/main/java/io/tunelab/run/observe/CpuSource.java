package io.tunelab.run.observe;

import io.tunelab.core.cost.CpuSample;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU and resident memory per tier and of the machine. Series: {@code cpu.tier} (label: tier, % of
 * one core), {@code memory.rss} (label: tier, MB), {@code cpu.machine}, {@code cpu.iowait} and
 * {@code cpu.steal} (label {@code machine}, % of all cores; steal is part of the busy time). Keeps
 * every reading with the interval it covers, which the series do not hold, so the measured window's
 * CPU can be integrated exactly ({@link #samples()}).
 *
 * <p>Synchronized: the observer's thread samples each second, the runner's thread reads once more
 * where the measured window starts and ends.
 */
final class CpuSource implements Source {
  private final CpuMeter meter;
  private final List<CpuSample> samples = new ArrayList<>();
  private int cores = 1;

  CpuSource(CpuMeter meter) {
    this.meter = meter;
  }

  @Override
  public String name() {
    return "cpu";
  }

  synchronized int cores() {
    return cores;
  }

  /** Every reading that covers an interval, oldest first. */
  synchronized List<CpuSample> samples() {
    return List.copyOf(samples);
  }

  @Override
  public synchronized void sample(long epochMillis, SeriesStore store) {
    CpuMeter.Reading reading = meter.read();
    cores = reading.cores();
    reading
        .tierPercentOfOneCore()
        .forEach((tier, pct) -> store.add(epochMillis, "cpu.tier", tier, pct));
    reading
        .tierRssMegabytes()
        .forEach((tier, mb) -> store.add(epochMillis, "memory.rss", tier, mb));
    store.add(epochMillis, "cpu.machine", "machine", reading.machineBusyPercent());
    store.add(epochMillis, "cpu.iowait", "machine", reading.machineIowaitPercent());
    store.add(epochMillis, "cpu.steal", "machine", reading.machineStealPercent());
    if (reading.seconds() > 0) {
      samples.add(toSample(epochMillis, reading));
    }
  }

  /** A reading as a sample taken at {@code epochMillis}. */
  static CpuSample toSample(long epochMillis, CpuMeter.Reading reading) {
    return new CpuSample(
        epochMillis,
        reading.seconds(),
        reading.machineBusyPercent(),
        reading.machineStealPercent(),
        reading.tierPercentOfOneCore());
  }
}
