package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.mocks.MocksTier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/** A stack of local tier processes started by {@link EmbeddedProvider}. */
public final class EmbeddedStack implements Stack {
  private final String id;
  private final List<Tier> tiers;
  private final PostgresTier db;
  private final BrokerTier broker;
  private final MocksTier mocks;
  private final StackRecorder recorder;
  private final Endpoints endpoints;
  private final AtomicBoolean closed = new AtomicBoolean();
  private Thread shutdownHook;

  EmbeddedStack(
      String id,
      List<Tier> tiers,
      PostgresTier db,
      BrokerTier broker,
      MocksTier mocks,
      StackRecorder recorder) {
    this.id = id;
    this.tiers = List.copyOf(tiers);
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
            mocks.siebelUrl(),
            mocks.brmUrl());
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
  public List<Tier> tiers() {
    return tiers;
  }

  public PostgresTier db() {
    return db;
  }

  public BrokerTier broker() {
    return broker;
  }

  public MocksTier mocks() {
    return mocks;
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
    List<Tier> reverse = new ArrayList<>(tiers);
    Collections.reverse(reverse);
    for (Tier tier : reverse) {
      tier.close();
    }
    recorder.abandon();
  }
}
