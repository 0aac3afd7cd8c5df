package io.tunelab.tiers.observe;

/**
 * CPU and resident memory per tier and of the machine. Series: {@code cpu.tier} (label: tier, % of
 * one core), {@code memory.rss} (label: tier, MB), {@code cpu.machine} and {@code cpu.iowait}
 * (label {@code machine}, % of all cores).
 */
final class CpuSource implements Source {
  private final CpuMeter meter;
  private int cores = 1;

  CpuSource(CpuMeter meter) {
    this.meter = meter;
  }

  @Override
  public String name() {
    return "cpu";
  }

  int cores() {
    return cores;
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
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
  }
}
