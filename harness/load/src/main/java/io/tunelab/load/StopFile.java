package io.tunelab.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a run when a file appears ({@code --stop-file}): how the harness stops a load that runs
 * beside another one for as long as that one lasts, which no plan can know in advance (billing-care
 * users querying while a backlog of orders drains). A closed-model thread finishes the sample it is
 * in and takes no next one, as JMeter's own Shutdown does, so every sample written is whole; an
 * open-model group is told to stop as {@link IdleEnd} does (the engine's graceful stop would wait
 * for its executor forever), which interrupts an arrival in flight.
 */
final class StopFile implements Runnable {
  static final long POLL_MILLIS = 100;

  private static final Logger LOG = LoggerFactory.getLogger(StopFile.class);

  private final Path file;
  private final StandardJMeterEngine engine;
  private final List<OpenModelThreadGroup> openGroups;

  private StopFile(Path file, StandardJMeterEngine engine, List<OpenModelThreadGroup> openGroups) {
    this.file = file;
    this.engine = engine;
    this.openGroups = openGroups;
  }

  /** Watches for {@code file} on a daemon thread; nothing when it is null. */
  static void watch(Path file, StandardJMeterEngine engine, HashTree tree) {
    if (file == null) {
      return;
    }
    SearchByClass<OpenModelThreadGroup> search = new SearchByClass<>(OpenModelThreadGroup.class);
    tree.traverse(search);
    Thread thread =
        new Thread(
            new StopFile(file, engine, List.copyOf(search.getSearchResults())),
            "tunelab-stop-file");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void run() {
    try {
      while (!Files.exists(file)) {
        Thread.sleep(POLL_MILLIS);
      }
      LOG.info("{} appeared: asking every thread to stop after its current sample", file);
      engine.askThreadsToStop();
      openGroups.forEach(OpenModelThreadGroup::tellThreadsToStop);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
