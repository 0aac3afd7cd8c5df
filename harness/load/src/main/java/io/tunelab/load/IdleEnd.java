package io.tunelab.load;

import java.util.List;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends an open-model run once its arrivals are over and no request is in flight, instead of at the
 * end of its schedule. An Open Model Thread Group's schedule ends with a pause as long as the
 * response timeout, so that a late answer is not cut off; JMeter sleeps that whole pause even when
 * every answer came back in milliseconds (30 s per run at the default, five times per repetition
 * with its warm-up rounds). A plan asks for this by the property {@value #PROPERTY}: the time from
 * the test start after which every arrival has been started; from then on, the first time the run
 * is quiet on two polls in a row, the test is stopped. Quiet: an arrival has run, none runs, and
 * none waits to: the group hands each arrival to its executor when due, and on a busy host a thread
 * ran 3 s after that (a verify's sort run ended with none of its 60 arrivals run when only running
 * threads were counted). With nothing in flight the stop interrupts nothing, so no sample is lost;
 * a slow answer keeps its thread active and the run waits for it as before. A schedule none of
 * whose arrivals ran by then keeps its trailing pause.
 */
final class IdleEnd implements Runnable {
  /** JMeter property: milliseconds after the test start when the last arrival has started. */
  static final String PROPERTY = "tunelab.endWhenIdleAfterMillis";

  static final long POLL_MILLIS = 100;

  private static final Logger LOG = LoggerFactory.getLogger(IdleEnd.class);

  private final List<OpenModelThreadGroup> groups;
  private final long afterMillis;

  private IdleEnd(List<OpenModelThreadGroup> groups, long afterMillis) {
    this.groups = groups;
    this.afterMillis = afterMillis;
  }

  /**
   * Watches the open-model groups of {@code tree} on a daemon thread when the plan set {@value
   * #PROPERTY}; nothing for a plan without one.
   */
  static void watch(HashTree tree) {
    long after = JMeterUtils.getPropDefault(PROPERTY, -1L);
    SearchByClass<OpenModelThreadGroup> search = new SearchByClass<>(OpenModelThreadGroup.class);
    tree.traverse(search);
    List<OpenModelThreadGroup> groups = List.copyOf(search.getSearchResults());
    if (after < 0 || groups.isEmpty()) {
      return;
    }
    Thread thread = new Thread(new IdleEnd(groups, after), "tunelab-idle-end");
    thread.setDaemon(true);
    thread.start();
  }

  private boolean quiet() {
    JMeterContextService.ThreadCounts counts = JMeterContextService.getThreadCounts();
    int handedOver = groups.stream().mapToInt(OpenModelThreadGroup::numberOfActiveThreads).sum();
    return quiet(counts.startedThreads, counts.activeThreads, handedOver);
  }

  /**
   * @param started JMeter threads that began to run since the test start
   * @param running JMeter threads running now
   * @param handedOver arrivals the open-model groups handed to their executors and not yet seen
   *     finish, whether their threads run yet or not
   */
  static boolean quiet(int started, int running, int handedOver) {
    return started > 0 && running == 0 && handedOver == 0;
  }

  @Override
  public void run() {
    try {
      long start;
      while ((start = JMeterContextService.getTestStartTime()) == 0) {
        Thread.sleep(POLL_MILLIS);
      }
      long wait = start + afterMillis - System.currentTimeMillis();
      if (wait > 0) {
        Thread.sleep(wait);
      }
      int idlePolls = 0;
      while (idlePolls < 2) {
        Thread.sleep(POLL_MILLIS);
        idlePolls = quiet() ? idlePolls + 1 : 0;
      }
      LOG.info(
          "every arrival started {} ms after the test start and none is in flight:"
              + " ending the run before its schedule's trailing pause",
          afterMillis);
      // Not the engine's stop: a graceful one leaves the group's executor running, so the engine
      // waits for it forever, and an immediate one exits the JVM when the executor's idle workers
      // take a moment to end. The group's own stop cancels its thread starter (asleep in the
      // trailing pause) and shuts its executor down; with no thread active it interrupts nothing.
      groups.forEach(OpenModelThreadGroup::tellThreadsToStop);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
