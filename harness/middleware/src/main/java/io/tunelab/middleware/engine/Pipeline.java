package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.MiddlewareSettings.Intake;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.diagnostics.Diagnostics;
import io.tunelab.middleware.flow.Services;
import io.tunelab.middleware.flow.Step;
import io.tunelab.middleware.jms.BrokerConnections;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stages at work: their consumers (N per queue), the delivery policy between receipt and
 * processing, the engine threads, and the fetcher when orders come from the inbox table.
 */
public final class Pipeline implements AutoCloseable {
  private final Connection connection;
  private final Transactions transactions;
  private final Engine engine;
  private final List<Fetcher> fetchers;
  private final MiddlewareSettings.Fetcher triple;
  private final DeliveryRecovery recovery;
  private final List<StageConsumer> consumers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private final Map<Stage, StageCounters> counters;

  private Pipeline(
      Connection connection,
      Transactions transactions,
      Engine engine,
      List<Fetcher> fetchers,
      MiddlewareSettings.Fetcher triple,
      DeliveryRecovery recovery,
      Map<Stage, StageCounters> counters) {
    this.recovery = recovery;
    this.connection = connection;
    this.transactions = transactions;
    this.engine = engine;
    this.fetchers = fetchers;
    this.triple = triple;
    this.counters = counters;
  }

  /** Registers every consumer on the broker, then starts receiving. */
  public static Pipeline start(
      MiddlewareSettings settings,
      Pool pool,
      Services services,
      Map<Stage, Step> steps,
      Diagnostics diagnostics)
      throws JMSException {
    Map<Stage, StageCounters> counters = new EnumMap<>(Stage.class);
    for (Stage stage : Stage.values()) {
      counters.put(stage, new StageCounters());
    }
    Faults faults = new Faults(pool, services.instances());
    DatabaseOutage outage = new DatabaseOutage(pool);
    Processor processor = new Processor(steps, counters, diagnostics, faults);
    Connection connection;
    Transactions transactions;
    if (settings.transactions() == MiddlewareSettings.Transactions.XA) {
      XAConnection xa = BrokerConnections.openXa(settings, "tunelab-middleware");
      connection = xa;
      transactions = new XaTransactions(settings, xa, pool);
    } else {
      connection = BrokerConnections.open(settings, "tunelab-middleware");
      transactions = new LocalTransactions(pool, connection, settings.messagesPersistent());
    }
    Engine engine =
        switch (settings.deliveryPolicy()) {
          case SYNC -> null;
          case ASYNC_CACHE, ASYNC_PERSIST -> new Engine(settings.engineThreads(), transactions);
        };
    Delivery delivery =
        switch (settings.deliveryPolicy()) {
          case SYNC -> new SyncDelivery(processor);
          case ASYNC_CACHE -> new CacheDelivery(processor, engine, outage);
          case ASYNC_PERSIST -> new PersistDelivery(processor, engine, outage, pool);
        };
    DeliveryRecovery recovery =
        delivery instanceof PersistDelivery persist ? new DeliveryRecovery(pool, persist) : null;
    List<Fetcher> fetchers = new ArrayList<>();
    if (settings.intake() == Intake.FETCHER) {
      for (int i = 1; i <= settings.fetcher().threads(); i++) {
        fetchers.add(new Fetcher(i, settings.fetcher(), pool, transactions.open(), delivery));
      }
    }
    Pipeline pipeline =
        new Pipeline(
            connection, transactions, engine, fetchers, settings.fetcher(), recovery, counters);
    for (Stage stage : Stage.values()) {
      if (stage == Stage.INTAKE && !fetchers.isEmpty()) {
        continue;
      }
      for (int i = 1; i <= settings.consumers(stage); i++) {
        StageConsumer consumer =
            new StageConsumer(
                stage,
                transactions.open(),
                delivery,
                counters.get(stage),
                settings.redeliveryMaxAttempts(),
                faults,
                outage);
        pipeline.consumers.add(consumer);
        Thread thread = new Thread(consumer, "tunelab-" + stage.key() + "-" + i);
        thread.setDaemon(true);
        pipeline.threads.add(thread);
      }
    }
    if (recovery != null) {
      recovery.start();
    }
    pipeline.threads.forEach(Thread::start);
    fetchers.forEach(Fetcher::start);
    return pipeline;
  }

  /** Counters per stage, the engine backlog and the fetcher's polls, for the status endpoint. */
  public Map<String, Object> status() {
    Map<String, Object> status = new LinkedHashMap<>();
    Map<String, Object> stages = new LinkedHashMap<>();
    counters.forEach((stage, values) -> stages.put(stage.key(), values.snapshot()));
    status.put("stages", stages);
    status.put("consumerThreads", consumers.size());
    status.put("engineBacklog", engine == null ? 0 : engine.backlog());
    status.put("engineCapacity", engine == null ? 0 : engine.capacity());
    status.put("engineThreads", engine == null ? 0 : engine.threads());
    status.put("engineBusy", engine == null ? 0 : engine.busy());
    status.put("xaConnections", transactions.dedicatedConnections());
    status.put("recoveredDeliveries", recovery == null ? 0 : recovery.recovered());
    status.put("resumedDeliveries", recovery == null ? 0 : recovery.resumed());
    if (!fetchers.isEmpty()) {
      status.put("fetcher", Fetcher.status(fetchers, triple));
    }
    return status;
  }

  @Override
  public void close() {
    fetchers.forEach(Fetcher::close);
    consumers.forEach(StageConsumer::stop);
    for (Thread thread : threads) {
      try {
        thread.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (engine != null) {
      engine.close();
    }
    consumers.forEach(StageConsumer::close);
    transactions.close();
    try {
      connection.close();
    } catch (JMSException e) {
      // stopping anyway
    }
  }
}
