package io.tunelab.tiers.stack;

import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.mocks.MocksConfig;
import io.tunelab.tiers.mocks.MocksTier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/** A stack of local tier processes started by {@link EmbeddedProvider}. */
public final class EmbeddedStack implements Stack {
  private final String id;
  private final List<Tier> tiers;
  private PostgresTier db;
  private BrokerTier broker;
  private MocksTier mocks;
  private final StackRecorder recorder;
  private final Restarter restarter;
  private int restarts;
  private final Endpoints endpoints;
  private final AtomicBoolean closed = new AtomicBoolean();
  private Thread shutdownHook;

  EmbeddedStack(
      String id,
      List<Tier> tiers,
      PostgresTier db,
      BrokerTier broker,
      MocksTier mocks,
      StackRecorder recorder,
      Restarter restarter) {
    this.id = id;
    this.tiers = new ArrayList<>(tiers);
    this.restarter = restarter;
    this.db = db;
    this.broker = broker;
    this.mocks = mocks;
    this.recorder = recorder;
    this.endpoints =
        new Endpoints(
            db.jdbcUrl(),
            db.user(),
            db.password(),
            broker.url(),
            broker.user(),
            broker.password(),
            mocks.urls(),
            db.appUser(),
            db.password());
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String provider() {
    return EmbeddedProvider.NAME;
  }

  @Override
  public Endpoints endpoints() {
    return endpoints;
  }

  @Override
  public Map<String, Long> startMillis() {
    return recorder.startMillis();
  }

  @Override
  public synchronized List<Tier> tiers() {
    return List.copyOf(tiers);
  }

  public synchronized PostgresTier db() {
    return db;
  }

  public synchronized BrokerTier broker() {
    return broker;
  }

  public synchronized MocksTier mocks() {
    return mocks;
  }

  @Override
  public synchronized boolean restart(KnobTier tier, StackConfig config) {
    if (closed.get()) {
      throw new IllegalStateException("stack " + id + " is stopped");
    }
    int generation = ++restarts;
    switch (tier) {
      case DB -> {
        db.close();
        db = restarter.db(config.db().withPort(db.port()), generation);
        replace(0, db);
      }
      case BROKER -> {
        broker.close();
        broker = restarter.broker(config.broker().withPort(broker.port()), generation);
        replace(1, broker);
      }
      case MOCKS -> {
        Map<Backend, Integer> ports = mocks.ports();
        mocks.close();
        mocks = restarter.mocks(config.mocks().withPorts(ports), generation);
        replace(2, mocks);
      }
      default ->
          throw new IllegalArgumentException(
              "the stack does not run the " + tier.label() + " tier");
    }
    return true;
  }

  @Override
  public synchronized Optional<Duration> crash(KnobTier tier) {
    if (closed.get()) {
      throw new IllegalStateException("stack " + id + " is stopped");
    }
    long started = System.nanoTime();
    switch (tier) {
      case DB -> {
        db = db.crashAndRestart(restarter.owner());
        replace(0, db);
      }
      case BROKER -> {
        BrokerTier killed = broker;
        killed.processes().forEach(ProcessHandle::destroyForcibly);
        killed.processes().forEach(process -> process.onExit().join());
        killed.close();
        broker =
            BrokerTier.start(
                killed.config().withPort(killed.port()),
                killed.log().getParent(),
                restarter.owner());
        replace(1, broker);
      }
      default -> {
        return Optional.empty();
      }
    }
    return Optional.of(Duration.ofNanos(System.nanoTime() - started));
  }

  private void replace(int index, Tier tier) {
    tiers.set(index, tier);
    recorder.replaced(tier);
  }

  /** Starts one tier again in a folder of its own, the way the provider started it. */
  interface Restarter {
    /** The controller whose death stops a restarted tier; empty for a detached stack. */
    OptionalLong owner();

    PostgresTier db(DbConfig config, int generation);

    BrokerTier broker(BrokerConfig config, int generation);

    MocksTier mocks(MocksConfig config, int generation);
  }

  /** Stops the stack when this JVM exits, also on Ctrl-C. */
  void closeOnExit() {
    shutdownHook = new Thread(this::stopTiers, "tunelab-stack-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  @Override
  public void close() {
    stopTiers();
    if (shutdownHook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // Already shutting down: the hook is what called us.
      }
    }
  }

  private void stopTiers() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    // Clients first: the mocks and the broker hold no state the database needs.
    List<Tier> reverse = new ArrayList<>(tiers());
    Collections.reverse(reverse);
    for (Tier tier : reverse) {
      tier.close();
    }
    recorder.abandon();
  }
}
