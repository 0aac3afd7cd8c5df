package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import io.tunelab.core.HarnessFailureException;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.Secrets;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.mocks.MocksConfig;
import io.tunelab.tiers.mocks.MocksTier;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The default provider: every tier a local process on 127.0.0.1 (PostgreSQL from the system
 * binaries or the zonky fallback, Artemis and WireMock in their own JVMs). No Docker needed.
 *
 * <p>The tiers start in parallel. A stack that is not detached ends with its controller: on a clean
 * exit or Ctrl-C through a shutdown hook, on SIGKILL through each tier's owner watchdog, and
 * whatever still runs is stopped by the next start's stale-stack cleanup.
 */
public final class EmbeddedProvider implements StackProvider {
  public static final String NAME = "embedded";
  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final TunelabHome home;
  private final StackRegistry registry;

  public EmbeddedProvider(TunelabHome home, StackRegistry registry) {
    this.home = home;
    this.registry = registry;
  }

  public EmbeddedProvider() {
    this(TunelabHome.locate(), new StackRegistry(RuntimeDir.root()));
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The runtime folder's file system, where every stack's broker journals. */
  @Override
  public java.util.OptionalDouble brokerDiskUsedPercent() {
    try {
      java.nio.file.FileStore store = java.nio.file.Files.getFileStore(RuntimeDir.root());
      long total = store.getTotalSpace();
      return total <= 0
          ? java.util.OptionalDouble.empty()
          : java.util.OptionalDouble.of(100.0 * (1.0 - (double) store.getUsableSpace() / total));
    } catch (java.io.IOException | RuntimeException e) {
      return java.util.OptionalDouble.empty();
    }
  }

  @Override
  public Stack start(StackConfig config) {
    BrokerDisk.check(config.broker().maxDiskUsagePercent(), brokerDiskUsedPercent(), "");
    registry.cleanStale();
    String id = newId();
    Path dir = registry.newStackDirectory(id);
    OptionalLong owner =
        config.detached() ? OptionalLong.empty() : OptionalLong.of(ProcessHandle.current().pid());
    StackRecorder recorder = new StackRecorder(registry, id, NAME, owner, dir);
    // one password for the stack's database, kept when its db tier restarts
    String dbPassword = Secrets.newPassword();
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(3, r -> new Thread(r, "tier-start"));
    try {
      CompletableFuture<PostgresTier> db =
          launch(
              pool,
              recorder,
              () ->
                  PostgresTier.start(
                      config.db(), dir.resolve(TierName.DB.label()), owner, dbPassword));
      CompletableFuture<BrokerTier> broker =
          launch(
              pool,
              recorder,
              () -> BrokerTier.start(config.broker(), dir.resolve(TierName.BROKER.label()), owner));
      CompletableFuture<MocksTier> mocks =
          launch(
              pool,
              recorder,
              () ->
                  MocksTier.start(
                      config.mocks(), home.mocks(), dir.resolve(TierName.MOCKS.label()), owner));
      EmbeddedStack stack =
          new EmbeddedStack(
              id,
              join(db, broker, mocks, recorder),
              db.join(),
              broker.join(),
              mocks.join(),
              recorder,
              restarter(dir, owner, dbPassword));
      recorder.finish(stack.endpoints(), elapsedMillis(started));
      if (!config.detached()) {
        stack.closeOnExit();
      }
      return stack;
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public boolean crashesTiers() {
    return true;
  }

  @Override
  public boolean recordsTierJvms() {
    return true;
  }

  private EmbeddedStack.Restarter restarter(Path dir, OptionalLong owner, String dbPassword) {
    return new EmbeddedStack.Restarter() {
      @Override
      public OptionalLong owner() {
        return owner;
      }

      @Override
      public PostgresTier db(DbConfig config, int generation) {
        return PostgresTier.start(config, dir.resolve("db-" + generation), owner, dbPassword);
      }

      @Override
      public BrokerTier broker(BrokerConfig config, int generation) {
        return BrokerTier.start(config, dir.resolve("broker-" + generation), owner);
      }

      @Override
      public MocksTier mocks(MocksConfig config, int generation) {
        return MocksTier.start(config, home.mocks(), dir.resolve("mocks-" + generation), owner);
      }
    };
  }

  private static <T extends Tier> CompletableFuture<T> launch(
      ExecutorService pool, StackRecorder recorder, Supplier<T> start) {
    return CompletableFuture.supplyAsync(
        () -> {
          T tier = start.get();
          recorder.started(tier);
          return tier;
        },
        pool);
  }

  /** Waits for all tiers; when one fails, stops the others and throws its error. */
  private static List<Tier> join(
      CompletableFuture<? extends Tier> db,
      CompletableFuture<? extends Tier> broker,
      CompletableFuture<? extends Tier> mocks,
      StackRecorder recorder) {
    List<RuntimeException> failures = new ArrayList<>();
    List<Tier> up = new ArrayList<>();
    for (CompletableFuture<? extends Tier> future : List.of(db, broker, mocks)) {
      try {
        up.add(future.join());
      } catch (CompletionException e) {
        failures.add(
            e.getCause() instanceof RuntimeException r
                ? r
                : new IllegalStateException(e.getCause()));
      }
    }
    if (failures.isEmpty()) {
      return up;
    }
    up.forEach(Tier::close);
    recorder.abandon();
    RuntimeException first = failures.get(0);
    failures.stream().skip(1).forEach(first::addSuppressed);
    if (first instanceof BadInputException || first instanceof HarnessFailureException) {
      throw first;
    }
    throw new HarnessFailureException("the stack did not start: " + first.getMessage(), first);
  }

  private static long elapsedMillis(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static String newId() {
    return LocalDateTime.now().format(ID_TIME)
        + "-"
        + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
  }
}
