package io.tunelab.core.cost;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Optional;

/**
 * How much of the machine went to processes outside the stack, and to the hypervisor's other
 * guests, around a measured window: on a shared machine another job's CPU slows every tier, and the
 * repetition's numbers with it; on a shared VM host so does the host taking this VM's CPUs.
 *
 * <p>Steal is the time the hypervisor ran another guest on a CPU this VM wanted ({@code
 * /proc/stat}'s 8th {@code cpu} number): the kernel counts it as busy, yet no process here used it.
 * It comes in episodes on a busy host, and slows whatever is measured during one.
 *
 * <p>Outside the stack is the machine's busy time ({@code /proc/stat}) minus steal and minus every
 * tier's CPU and the controller's. It also holds the kernel's work not charged to a process
 * (interrupts, kernel threads), some of it caused by the stack itself (loopback network, journal
 * flushes): a quiet machine under load still shows a little, which the {@code NOISY_MACHINE}
 * threshold leaves room for.
 *
 * @param machineCores logical CPUs of the machine
 * @param windowMillis length of the measured window, milliseconds
 * @param outsidePercentOfMachine CPU used outside the stack and the controller over the window,
 *     steal excluded, % of all cores (clamped at 0)
 * @param stealPercentOfMachine time the hypervisor gave this VM's CPUs to other guests over the
 *     window, % of all cores; null when unknown
 * @param machineBusyPercent the machine's busy time over the window, % of all cores, steal included
 * @param stackPercentOfMachine every tier's CPU and the controller's over the window, % of all
 *     cores
 * @param loadAverageAtStart the 1-minute load average ({@code /proc/loadavg}) when the repetition's
 *     observer started; null when unreadable
 * @param loadAverageAtEnd the same when it stopped; it holds the stack's own load, so compare it
 *     with {@code machineCores}, not with zero; null when unreadable
 * @param beforeSampling a short reading before the observer's first sample, with the stack idle;
 *     null when not taken
 * @param hostPaceMicros the cores' pace over the window: the median of the observer's {@code
 *     host.pace} samples, CPU microseconds of a fixed piece of compute-only work ({@link
 *     io.tunelab.core.measure.HostPace}); higher is a slower core. When every tier's CPU per unit
 *     moves and the pace does not, the cost moved in the memory system or the stack. Null when not
 *     sampled
 * @param memoryPaceMicros the memory system's pace over the window: the median of the observer's
 *     {@code host.memoryPace} samples, CPU microseconds of a fixed walk of dependent loads through
 *     64 MiB ({@link io.tunelab.core.measure.MemoryPace}); higher is slower memory. When every
 *     tier's CPU per unit moves with it and the compute pace does not, the memory system (another
 *     guest, or the stack's own processes evicting each other) made the cost. Null when not sampled
 * @param roundTripPaceMicros the kernel's pace over the window: the median of the observer's {@code
 *     host.roundTripPace} samples, CPU microseconds of one round trip between two threads through a
 *     pipe on the observer's side ({@link io.tunelab.core.measure.RoundTripPace}); higher is a
 *     costlier exchange between processes, which a chatty tier pays on every message. Null when not
 *     sampled
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineNoise(
    int machineCores,
    long windowMillis,
    double outsidePercentOfMachine,
    Double stealPercentOfMachine,
    double machineBusyPercent,
    double stackPercentOfMachine,
    Double loadAverageAtStart,
    Double loadAverageAtEnd,
    IdleReading beforeSampling,
    Double hostPaceMicros,
    Double memoryPaceMicros,
    Double roundTripPaceMicros) {

  /**
   * The machine over a short stretch before sampling began.
   *
   * @param millis length of the reading, milliseconds
   * @param machineBusyPercent the machine's busy time, % of all cores, steal included
   * @param outsidePercentOfMachine of it, what neither the stack, the controller nor steal used, %
   *     of all cores
   * @param stealPercentOfMachine of it, what the hypervisor gave other guests, % of all cores; null
   *     when unknown
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record IdleReading(
      long millis,
      double machineBusyPercent,
      double outsidePercentOfMachine,
      Double stealPercentOfMachine) {
    /** The reading of one sample on a machine of {@code cores}. */
    public static IdleReading of(CpuSample sample, int cores) {
      long from = Math.round(sample.startMillis());
      CpuWindow window = CpuWindow.of(java.util.List.of(sample), cores, from, sample.epochMillis());
      return new IdleReading(
          window.windowMillis(),
          window.machineBusyPercent(),
          window.outsidePercentOfMachine(),
          known(window.machineStealPercent()));
    }
  }

  /**
   * The noise over {@code window}; empty when the machine's busy time was never read in it.
   *
   * @param loadAtStart 1-minute load average at the start, null when unreadable
   * @param loadAtEnd the same at the end
   * @param idle the reading before sampling, null when not taken
   * @param hostPaceMicros the host's pace over the window, null when not sampled
   * @param memoryPaceMicros the memory system's pace over the window, null when not sampled
   * @param roundTripPaceMicros the kernel's pace over the window, null when not sampled
   */
  public static Optional<MachineNoise> of(
      CpuWindow window,
      Double loadAtStart,
      Double loadAtEnd,
      IdleReading idle,
      Double hostPaceMicros,
      Double memoryPaceMicros,
      Double roundTripPaceMicros) {
    if (Double.isNaN(window.machineBusyPercent())) {
      return Optional.empty();
    }
    return Optional.of(
        new MachineNoise(
            window.cores(),
            window.windowMillis(),
            window.outsidePercentOfMachine(),
            known(window.machineStealPercent()),
            window.machineBusyPercent(),
            window.stackPercentOfMachine(),
            loadAtStart,
            loadAtEnd,
            idle,
            hostPaceMicros,
            memoryPaceMicros,
            roundTripPaceMicros));
  }

  /** A NaN (never read) as null, so that the JSON leaves it out. */
  private static Double known(double percent) {
    return Double.isNaN(percent) ? null : percent;
  }
}
