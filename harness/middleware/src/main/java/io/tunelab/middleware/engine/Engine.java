package io.tunelab.middleware.engine;

import jakarta.jms.JMSException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine threads of the asynchronous delivery policies: work handed over by the consumers waits
 * in a bounded queue (a full queue blocks the consumer, so memory stays bounded), and each engine
 * thread works in its own transaction (session, and database connection with XA).
 */
final class Engine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

  private final BlockingQueue<Task> work;
  private final int capacity;
  private final List<Thread> threads = new ArrayList<>();
  private final AtomicInteger busy = new AtomicInteger();
  private volatile boolean running = true;

  /** Work for an engine thread, in the thread's transaction (begun; the task ends it). */
  @FunctionalInterface
  interface Task {
    void run(StageTransaction tx) throws JMSException;
  }

  Engine(int threadCount, Transactions transactions) throws JMSException {
    this.capacity = Math.max(16, threadCount * 2);
    this.work = new ArrayBlockingQueue<>(capacity);
    for (int i = 0; i < threadCount; i++) {
      StageTransaction tx = transactions.open();
      Thread thread = new Thread(() -> loop(tx), "tunelab-engine-" + (i + 1));
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /** Hands a task over, waiting while the engine is full. */
  void submit(Task task) throws InterruptedException {
    work.put(task);
  }

  /** False once the engine was told to close: a task holding an order lets it go. */
  boolean running() {
    return running;
  }

  /** Tasks waiting for an engine thread. */
  int backlog() {
    return work.size();
  }

  /** How many tasks can wait before a consumer handing one over blocks. */
  int capacity() {
    return capacity;
  }

  int threads() {
    return threads.size();
  }

  /** Engine threads running a task right now. */
  int busy() {
    return busy.get();
  }

  private void loop(StageTransaction tx) {
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
      busy.incrementAndGet();
      try {
        tx.begin();
        task.run(tx);
      } catch (JMSException | RuntimeException e) {
        LOG.error("engine task failed: {}", e.toString());
        tx.rollback();
      } finally {
        busy.decrementAndGet();
      }
    }
    tx.close();
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
