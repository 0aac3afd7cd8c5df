package io.tunelab.middleware.engine;

import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine threads of the asynchronous delivery policies: work handed over by the consumers waits
 * in a bounded queue (a full queue blocks the consumer, so memory stays bounded), and each engine
 * thread sends on its own transacted session.
 */
final class Engine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

  private final BlockingQueue<Task> work;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;

  /** Work for an engine thread, sending through the thread's own session. */
  @FunctionalInterface
  interface Task {
    void run(Outbound out) throws JMSException;
  }

  Engine(int threadCount, Connection connection, boolean persistent) throws JMSException {
    this.work = new ArrayBlockingQueue<>(Math.max(16, threadCount * 2));
    for (int i = 0; i < threadCount; i++) {
      Outbound out =
          new Outbound(connection.createSession(true, Session.SESSION_TRANSACTED), persistent);
      Thread thread = new Thread(() -> loop(out), "tunelab-engine-" + (i + 1));
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /** Hands a task over, waiting while the engine is full. */
  void submit(Task task) throws InterruptedException {
    work.put(task);
  }

  /** Tasks waiting for an engine thread. */
  int backlog() {
    return work.size();
  }

  private void loop(Outbound out) {
    while (running || !work.isEmpty()) {
      Task task;
      try {
        task = work.poll(250, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
      if (task == null) {
        continue;
      }
      try {
        task.run(out);
      } catch (JMSException | RuntimeException e) {
        LOG.error("engine task failed: {}", e.toString());
        try {
          out.rollback();
        } catch (JMSException ignored) {
          // the session is gone; the broker rolls it back
        }
      }
    }
  }

  @Override
  public void close() {
    running = false;
    for (Thread thread : threads) {
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
