package io.tunelab.run.observe;

import io.tunelab.core.cost.CpuSample;
import io.tunelab.core.cost.MachineNoise;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The machine's load around one observed run: the 1-minute load average when it starts and stops,
 * and a short CPU reading before the first sample, while the stack is still idle (what runs then
 * outside the stack will likely run during the window too). The reading holds steal as well, the
 * hypervisor's share: a host already busy with other guests before the run starts.
 */
final class MachineLoad {
  /** Long enough for 1% of a 2-core machine to be a whole clock tick, short enough per run. */
  static final Duration IDLE_READING = Duration.ofMillis(500);

  private final Path proc;
  private final Double atStart;
  private final MachineNoise.IdleReading idle;
  private Double atEnd;

  private MachineLoad(Path proc, Double atStart, MachineNoise.IdleReading idle) {
    this.proc = proc;
    this.atStart = atStart;
    this.idle = idle;
  }

  /**
   * Reads the load average, then the machine over {@link #IDLE_READING} with {@code meter},
   * blocking that long. The meter must be one of its own: the series' first interval stays as it
   * was. What fails is recorded in {@code errors} under {@code cpu}.
   */
  static MachineLoad before(Path proc, CpuMeter meter, ObserverErrors errors) {
    Double load = ProcTable.loadAverage(proc).orElse(null);
    MachineNoise.IdleReading idle = null;
    try {
      meter.read();
      Thread.sleep(IDLE_READING.toMillis());
      CpuMeter.Reading reading = meter.read();
      CpuSample sample = CpuSource.toSample(System.currentTimeMillis(), reading);
      if (!Double.isNaN(sample.machineBusyPercent()) && sample.seconds() > 0) {
        idle = MachineNoise.IdleReading.of(sample, reading.cores());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the runner is being stopped: it will see the flag
    } catch (RuntimeException e) {
      errors.record("cpu", e);
    }
    return new MachineLoad(proc, load, idle);
  }

  /** Reads the load average again, as the run ends. */
  void after() {
    atEnd = ProcTable.loadAverage(proc).orElse(null);
  }

  Double atStart() {
    return atStart;
  }

  Double atEnd() {
    return atEnd;
  }

  /** The reading before sampling; null when it was not taken. */
  MachineNoise.IdleReading idle() {
    return idle;
  }
}
