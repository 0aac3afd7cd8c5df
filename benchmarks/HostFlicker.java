import io.tunelab.core.measure.HostProbe;

/**
 * One line a second for SECONDS seconds: the second and the host probe's milliseconds (the probe a
 * run reads before each repetition, protocol.hostProbeMillis). host-flicker.sh runs one pinned to
 * each vCPU. Started at the next whole second plus OFFSET_MILLIS, so two loops can take turns.
 */
public class HostFlicker {
  public static void main(String[] args) throws InterruptedException {
    long offset = Long.parseLong(args[0]);
    int seconds = Integer.parseInt(args[1]);
    long start = (System.currentTimeMillis() / 1000 + 2) * 1000 + offset;
    for (int second = 0; second < seconds; second++) {
      long wait = start + 1000L * second - System.currentTimeMillis();
      if (wait > 0) {
        Thread.sleep(wait);
      }
      System.out.printf("%d %.3f%n", second, HostProbe.millis());
    }
  }
}
