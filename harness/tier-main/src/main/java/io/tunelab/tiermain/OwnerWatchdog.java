package io.tunelab.tiermain;

import java.time.Duration;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * Ends a tier JVM when the controller that started it is gone.
 *
 * <p>The controller passes its pid as the system property {@value #OWNER_PID_PROPERTY}. A
 * controller killed with SIGKILL cannot stop its children; without this watchdog the broker, mocks
 * and middleware JVMs would outlive it and hold their ports. Detached stacks start their tiers
 * without an owner, and then the watchdog does nothing.
 */
public final class OwnerWatchdog {
  /** System property naming the pid of the process whose death ends this JVM. */
  public static final String OWNER_PID_PROPERTY = "tunelab.owner.pid";

  /** Exit status of a tier that ended because its owner died. */
  public static final int OWNER_GONE_EXIT_STATUS = 3;

  private static final Duration POLL = Duration.ofMillis(500);

  /**
   * How long the JVM's shutdown hooks may take once the owner is gone before it halts: a hook that
   * closes its connections to tiers that died with the controller (the broker, the database) can
   * wait on each for its whole call timeout, and the tier would outlive the run by minutes.
   */
  static final Duration EXIT_GRACE = Duration.ofSeconds(15);

  private OwnerWatchdog() {}

  /** Starts watching the owner named by the system property, if any. */
  public static Optional<Thread> startFromSystemProperty() {
    String owner = System.getProperty(OWNER_PID_PROPERTY);
    if (owner == null || owner.isBlank()) {
      return Optional.empty();
    }
    long pid;
    try {
      pid = Long.parseLong(owner.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "-D" + OWNER_PID_PROPERTY + " must be a process id, was '" + owner + "'", e);
    }
    return Optional.of(watch(pid, OwnerWatchdog::exitWithin));
  }

  /** Exits, running the shutdown hooks, and halts if they are not done within the grace. */
  private static void exitWithin(int status) {
    Thread halt =
        new Thread(
            () -> {
              try {
                Thread.sleep(EXIT_GRACE.toMillis());
              } catch (InterruptedException e) {
                return;
              }
              System.err.println(
                  "tunelab: shutdown took over " + EXIT_GRACE.toSeconds() + " s; halting");
              Runtime.getRuntime().halt(status);
            },
            "tunelab-owner-halt");
    halt.setDaemon(true);
    halt.start();
    Runtime.getRuntime().exit(status);
  }

  /** Calls {@code onOwnerGone} with {@link #OWNER_GONE_EXIT_STATUS} once {@code ownerPid} ends. */
  public static Thread watch(long ownerPid, IntConsumer onOwnerGone) {
    Thread thread =
        new Thread(
            () -> {
              while (ProcessHandle.of(ownerPid).map(ProcessHandle::isAlive).orElse(false)) {
                try {
                  Thread.sleep(POLL.toMillis());
                } catch (InterruptedException e) {
                  return;
                }
              }
              System.err.println(
                  "tunelab: owner process " + ownerPid + " is gone; stopping this tier");
              onOwnerGone.accept(OWNER_GONE_EXIT_STATUS);
            },
            "tunelab-owner-watchdog");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
