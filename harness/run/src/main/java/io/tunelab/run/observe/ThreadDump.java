package io.tunelab.run.observe;

import io.tunelab.core.results.OutputFiles;
import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import javax.management.remote.JMXConnector;

/**
 * Every thread of another JVM with its whole stack, the locks it holds and the one it waits for, as
 * {@code jstack} prints them, through its {@link ThreadMXBean} over a {@link LocalJmx} connection:
 * what the study's engineers read to find threads stuck in synchronized logging, taken here when a
 * drain stalls.
 */
public final class ThreadDump {
  private ThreadDump() {}

  /**
   * Dumps JVM {@code pid}'s threads into {@code file}.
   *
   * @return one line: the threads by state, for a notice
   * @throws IOException when the JVM cannot be reached or the file written
   */
  public static String write(long pid, Path file) throws IOException {
    ThreadInfo[] threads;
    try (JMXConnector connector = LocalJmx.connect(pid)) {
      ThreadMXBean bean =
          ManagementFactory.newPlatformMXBeanProxy(
              connector.getMBeanServerConnection(),
              ManagementFactory.THREAD_MXBEAN_NAME,
              ThreadMXBean.class);
      threads = bean.dumpAllThreads(true, true);
    }
    Map<Thread.State, Integer> states = new EnumMap<>(Thread.State.class);
    StringBuilder out =
        new StringBuilder("Threads of JVM ")
            .append(pid)
            .append(" at ")
            .append(Instant.now())
            .append("\n\n");
    for (ThreadInfo thread : threads) {
      if (thread == null) {
        continue; // ended while dumped
      }
      states.merge(thread.getThreadState(), 1, Integer::sum);
      append(out, thread);
    }
    OutputFiles.replace(file, out.toString());
    return threads.length + " threads " + states;
  }

  private static void append(StringBuilder out, ThreadInfo thread) {
    out.append('"')
        .append(thread.getThreadName())
        .append("\" #")
        .append(thread.getThreadId())
        .append(thread.isDaemon() ? " daemon" : "")
        .append("\n   java.lang.Thread.State: ")
        .append(thread.getThreadState());
    LockInfo waitingFor = thread.getLockInfo();
    if (waitingFor != null) {
      out.append(" on ").append(waitingFor);
      if (thread.getLockOwnerName() != null) {
        out.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
      }
    }
    out.append('\n');
    StackTraceElement[] stack = thread.getStackTrace();
    MonitorInfo[] held = thread.getLockedMonitors();
    for (int depth = 0; depth < stack.length; depth++) {
      out.append("\tat ").append(stack[depth]).append('\n');
      for (MonitorInfo monitor : held) {
        if (monitor.getLockedStackDepth() == depth) {
          out.append("\t- locked ").append(monitor).append('\n');
        }
      }
    }
    for (LockInfo synchronizer : thread.getLockedSynchronizers()) {
      out.append("\t- holds ").append(synchronizer).append('\n');
    }
    out.append('\n');
  }
}
