package io.tunelab.core.knobs;

import io.tunelab.core.Studies;

/** The workload: the load tier (JMeter) and the run protocol, applied to each run. */
public final class WorkloadKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.LOAD, Knob.Apply.PER_RUN);

  /** Closed (users in a loop) or open (arrivals at a rate) load. */
  public enum Model implements KnobChoice {
    CLOSED,
    OPEN
  }

  /** How the batch-order plan loads the middleware. */
  public enum Mode implements KnobChoice {
    BACKLOG,
    STREAM,
    RATE
  }

  /** The tier a batch-order repetition kills in its measured batch. */
  public enum Crash implements KnobChoice {
    NONE,
    DB,
    BROKER;

    /** The stack's tier this crash kills; empty for none. */
    public java.util.Optional<KnobTier> tier() {
      return switch (this) {
        case NONE -> java.util.Optional.empty();
        case DB -> java.util.Optional.of(KnobTier.DB);
        case BROKER -> java.util.Optional.of(KnobTier.BROKER);
      };
    }
  }

  /** Which repetitions of a step warm up first. */
  public enum WarmupBefore implements KnobChoice {
    EVERY_REPETITION("every-repetition"),
    FIRST_REPETITION("first-repetition");

    private final String label;

    WarmupBefore(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }
  }

  public static final Knob<Integer> ORDERS =
      KNOBS
          .knob("workload.orders", KnobTypes.integer(1, 100_000_000), 500)
          .unit("orders")
          .doc("batch-order: orders in the measured batch of each repetition")
          .study("AIA order-to-bill: 500-order batches")
          .add();

  public static final Knob<Integer> WARMUP_ORDERS =
      KNOBS
          .knob("workload.warmupOrders", KnobTypes.integer(0, 100_000_000), 50)
          .unit("orders")
          .doc(
              "batch-order: the fewest orders a warm-up settles before it may end; it goes on, batch"
                  + " by batch, until the throughput is steady (workload.steady*); 0 turns the warm-up"
                  + " off; never measured")
          .add();

  public static final Knob<WarmupBefore> WARMUP_BEFORE =
      KNOBS
          .knob(
              "workload.warmupBefore",
              KnobTypes.choice(WarmupBefore.class),
              WarmupBefore.FIRST_REPETITION)
          .doc(
              "warm up before every repetition, or before a step's first and whenever the middleware"
                  + " JVM is new (a step's later repetitions follow a warm one)")
          .add();

  public static final Knob<Boolean> WARMUP_FULL_SPEED =
      KNOBS
          .knob("workload.warmupFullSpeed", KnobTypes.bool(), false)
          .doc(
              "warm up with every back-end mock answering at once (their latency knobs at 0), then"
                  + " measure at the step's latency: the JIT of the middleware, the broker and the"
                  + " mocks compiles the same code paths in a fraction of the time, and the warm-up,"
                  + " CPU-bound, judges what the whole stack spends per unit")
          .add();

  public static final Knob<Integer> WARMUP_MAX_ORDERS =
      KNOBS
          .knob("workload.warmupMaxOrders", KnobTypes.integer(1, 100_000_000), 10_000)
          .unit("orders")
          .doc(
              "batch-order: the most orders a warm-up sends before its repetitions get the verdict"
                  + " 'no steady state'")
          .add();

  public static final Knob<Integer> WARMUP_MAX_SECONDS =
      KNOBS
          .knob("workload.warmupMaxSeconds", KnobTypes.integer(1, 86_400), 300)
          .unit("s")
          .doc(
              "the longest a warm-up runs before its repetitions get the verdict 'no steady state'")
          .add();

  public static final Knob<Integer> WARMUP_BATCH_ORDERS =
      KNOBS
          .knob("workload.warmupBatchOrders", KnobTypes.integer(0, 100_000_000), 0)
          .unit("orders")
          .doc(
              "batch-order: orders per warm-up batch; 0: as many as a measured batch (the same"
                  + " drain, so its throughput compares best; smaller batches warm up sooner but judge"
                  + " noisier)")
          .add();

  public static final Knob<Integer> BESIDE_USERS =
      KNOBS
          .knob("workload.besideUsers", KnobTypes.integer(0, 1_000), 0)
          .unit("users")
          .doc(
              "batch-order, backlog mode: billing-care users querying the middleware while each"
                  + " batch drains (warm-up batches too), the asynchronous and the synchronous flow"
                  + " at once:"
                  + " each user asks concurrent-soap's three queries back to back, in a load JVM of"
                  + " their own, from before the release until the drain ends; their answers"
                  + " inside the drain go in run.json as the repetition's beside requests. 0 for"
                  + " none")
          .study("AIA: separate clusters for the synchronous and asynchronous flows")
          .add();

  public static final Knob<Integer> STEADY_BATCHES =
      KNOBS
          .knob("workload.steadyBatches", KnobTypes.integer(2, 1_000), 3)
          .unit("batches")
          .doc(
              "how many consecutive warm-up batches (batch-order) or rounds (concurrent-soap) must"
                  + " agree for the throughput to be steady")
          .study("Georges et al. 2007: CoV of the last k iterations")
          .add();

  public static final Knob<Double> STEADY_TOLERANCE =
      KNOBS
          .knob("workload.steadyTolerancePercent", KnobTypes.decimal(0.1, 50), 10.0)
          .unit("%")
          .doc(
              "steady when the last warm-up batches' (or rounds') throughputs vary (CV) and trend by"
                  + " at most this")
          .add();

  public static final Knob<Double> WARMUP_MAX_JIT_PERCENT =
      KNOBS
          .knob("workload.warmupMaxJitPercent", KnobTypes.decimal(0.1, 100), 100.0)
          .unit("%")
          .doc(
              "steady only when, over the last warm-up batches (or rounds), the JIT compiler"
                  + " threads of each JVM tier of the stack (middleware, broker) took at most this share"
                  + " of its CPU, at any pace (100: not judged); a JIT still compiling makes the"
                  + " repetitions after the warm-up cheaper one after another")
          .add();

  public static final Knob<Double> MAX_STEAL_PERCENT =
      KNOBS
          .knob("workload.maxStealPercent", KnobTypes.decimal(0, 100), 10.0)
          .unit("%")
          .doc(
              "the most of the machine (%) the hypervisor's steal (CPU given to other guests) or,"
                  + " when observed, processes outside the stack may take from a measured repetition"
                  + " or warm-up batch; one with more is disturbed: left out of the statistics and"
                  + " measured again")
          .add();

  public static final Knob<Mode> MODE =
      KNOBS
          .knob("workload.mode", KnobTypes.choice(Mode.class), Mode.BACKLOG)
          .doc(
              "batch-order, messaging: backlog (the batch is enqueued with delivery paused, then"
                  + " released and the drain timed: the load tier is out of the measured window,"
                  + " latency is mostly queue wait; one-way messages only), stream (sent as fast as"
                  + " the clients go while the middleware consumes), rate (sent at"
                  + " workload.arrivalsPerMinute)")
          .study("OpenMessaging Benchmark: backlog, then drain")
          .add();

  public static final Knob<Integer> MIN_MEASURED_SECONDS =
      KNOBS
          .knob("workload.minMeasuredSeconds", KnobTypes.integer(0, 86_400), 10)
          .unit("s")
          .doc(
              "batch-order: the measured batch grows beyond workload.orders until its steady window"
                  + " should last this long at the rate the warm-up (or the previous repetition)"
                  + " reached; messaging: the same for the measured run (workload.messages) and"
                  + " each warm-up round (workload.warmupMessages)")
          .add();

  public static final Knob<Integer> THREADS =
      KNOBS
          .knob("workload.threads", KnobTypes.integer(1, 256), 2)
          .unit("threads")
          .doc(
              "batch-order: publisher threads, each with its own JMS connection; concurrent-soap:"
                  + " concurrent CRM users of the closed model (the open model's warm-up only)")
          .study("AIA billing-care: 20 concurrent users")
          .add();

  public static final Knob<String> ENGINE_HOSTS =
      KNOBS
          .knob(
              "workload.engineHosts",
              KnobTypes.pattern(
                  "engines",
                  "empty, or host:port of each engine's RMI registry, comma-separated, e.g."
                      + " 10.0.0.5:1099,10.0.0.6:1099",
                  "|[A-Za-z0-9.-]+:\\d{1,5}(,[A-Za-z0-9.-]+:\\d{1,5})*"),
              "")
          .doc(
              "JMeter engines already running on other hosts (the load jar's engine mode, or"
                  + " jmeter-server with -Jtunelab.engine=N), in engine order: the load is shared"
                  + " over them as workload.engines says, their count this list's; each must answer"
                  + " before any tier starts. Empty: tunelab starts workload.engines engines on"
                  + " 127.0.0.1 (docs/distributed-load.md)")
          .add();

  public static final Knob<String> CONTROLLER_HOST =
      KNOBS
          .knob(
              "workload.controllerHost",
              KnobTypes.pattern("host", "empty, or this host's address", "|[A-Za-z0-9.-]+"),
              "")
          .doc(
              "the address engines on other hosts (workload.engineHosts) send their samples back"
                  + " to: the controller's RMI listens there (java.rmi.server.hostname); empty:"
                  + " 127.0.0.1, which only engines on this host reach")
          .add();

  public static final Knob<String> INFLUXDB_URL =
      KNOBS
          .knob(
              "workload.influxdbUrl",
              KnobTypes.pattern(
                  "url",
                  "empty, or an InfluxDB write URL without credentials, e.g."
                      + " http://127.0.0.1:8086/write?db=jmeter",
                  "|https?://[^\\s@?]+(\\?(?!(?:u|p|password|token)=)"
                      + "(?![^\\s]*&(?:u|p|password|token)=)[^\\s]*)?"),
              "")
          .doc(
              "JMeter's InfluxDB backend listener: the load tier (each engine) sends its samplers'"
                  + " live metrics (counts, rates, percentiles per sampler, every 5 s and at the"
                  + " end) to this InfluxDB write URL, tagged application=<experiment>/<step>, for"
                  + " Grafana's JMeter dashboards; empty sends nothing. The URL must answer before"
                  + " any tier starts, and holds no credentials (run.json records it)")
          .add();

  public static final Knob<Integer> ENGINES =
      KNOBS
          .knob("workload.engines", KnobTypes.integer(1, 8), 1)
          .unit("engines")
          .doc(
              "JMeter engines that share the load in JMeter's distributed mode (remote engines on"
                  + " 127.0.0.1, the load JVM their controller, results merged into one JTL):"
                  + " batch-order and messaging: each engine runs workload.threads threads and"
                  + " sends its own share of the numbered orders or messages, none twice;"
                  + " concurrent-soap: the closed model's workload.threads users split over the"
                  + " engines; open models (soap, sort-requests): each offers the rate / engines;"
                  + " 1 runs the plan in the load JVM (docs/distributed-load.md)")
          .add();

  public static final Knob<String> MIX =
      KNOBS
          .knob(
              "workload.mix",
              KnobTypes.pattern(
                  "mix", "weights small:medium:large such as 1:1:1", "\\d{1,6}:\\d{1,6}:\\d{1,6}"),
              "1:1:1")
          .doc(
              "batch-order: relative weights of small (2 lines), medium (10) and large (40 lines)"
                  + " orders; sort-requests: of SC (8 reads, 31 statements), DM (16, 55) and MX"
                  + " (31, 100) requests")
          .study("AIA order-to-bill: small, medium and large orders")
          .add();

  public static final Knob<Integer> NEW_CUSTOMER_PERCENT =
      KNOBS
          .knob("workload.newCustomerPercent", KnobTypes.integer(0, 100), 20)
          .unit("%")
          .doc(
              "batch-order: share of orders for customers new to BRM (CreateCustomer, not SyncCustomer)")
          .add();

  public static final Knob<Integer> SEED =
      KNOBS
          .knob("workload.seed", KnobTypes.integer(0, Integer.MAX_VALUE), 42)
          .doc(
              "batch-order: seed of the orders' sizes, customers and products (same seed, same orders)")
          .add();

  public static final Knob<Boolean> PERSISTENT =
      KNOBS
          .knob("workload.persistent", KnobTypes.bool(), true)
          .doc("batch-order, messaging: the load plan sends persistent JMS messages")
          .study(Studies.BROKER)
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<Double> MAX_ERROR_PERCENT =
      KNOBS
          .knob("workload.maxErrorPercent", KnobTypes.decimal(0, 100), 0.0)
          .unit("%")
          .doc(
              "most faulted or unsent orders (% of the batch), or failed requests (% of the"
                  + " requests), a valid repetition may have; raise it when faults are injected")
          .add();

  public static final Knob<Integer> DRAIN_TIMEOUT =
      KNOBS
          .knob("workload.drainTimeoutSeconds", KnobTypes.integer(1, 86_400), 60)
          .unit("s")
          .doc(
              "batch-order: how long a batch may go without an order settling before the rest are lost")
          .add();

  public static final Knob<Crash> CRASH =
      KNOBS
          .knob("workload.crash", KnobTypes.choice(Crash.class), Crash.NONE)
          .doc(
              "batch-order, messaging: the tier killed by SIGKILL in each measured load, once"
                  + " workload.crashAtPercent of its orders completed (messages finished), and"
                  + " started again on its"
                  + " data (db: PostgreSQL recovers from its WAL; broker: Artemis from its"
                  + " journal); every order is still accounted for, and the finding TIER_CRASHED"
                  + " says what the crash cost. The embedded stack only")
          .add();

  public static final Knob<Integer> CRASH_AT_PERCENT =
      KNOBS
          .knob("workload.crashAtPercent", KnobTypes.integer(1, 99), 50)
          .unit("%")
          .doc(
              "batch-order, messaging: the share of the measured load done when workload.crash"
                  + " kills")
          .add();

  public static final Knob<Model> MODEL =
      KNOBS
          .knob("workload.model", KnobTypes.choice(Model.class), Model.CLOSED)
          .doc(
              "concurrent-soap: closed (threads x loops, each user waits for its answer) or open"
                  + " (customers arrive at workload.arrivalsPerMinute whatever the answers take)")
          .add();

  public static final Knob<Integer> LOOPS =
      KNOBS
          .knob("workload.loops", KnobTypes.integer(1, 100_000_000), 50)
          .unit("loops")
          .doc(
              "concurrent-soap, closed model: iterations per user, each the three queries about the"
                  + " next customer of the CSV")
          .study("AIA billing-care: 500 requests per thread per query")
          .add();

  public static final Knob<Integer> RAMP_UP =
      KNOBS
          .knob("workload.rampUpSeconds", KnobTypes.integer(0, 86_400), 0)
          .unit("s")
          .doc("concurrent-soap, closed model: seconds until every user has started")
          .add();

  public static final Knob<Integer> ARRIVALS_PER_MINUTE =
      KNOBS
          .knob("workload.arrivalsPerMinute", KnobTypes.integer(1, 6_000_000), 600)
          .unit("arrivals/min")
          .doc(
              "target arrival rate: concurrent-soap open model, customers (three requests each);"
                  + " batch-order rate mode, orders; sort-requests, requests (the study: 30,000)")
          .add();

  public static final Knob<Integer> DURATION =
      KNOBS
          .knob("workload.durationSeconds", KnobTypes.integer(1, 86_400), 60)
          .unit("s")
          .doc(
              "concurrent-soap open model, sort-requests: how long arrivals come in the measured"
                  + " run")
          .add();

  public static final Knob<Integer> WARMUP_LOOPS =
      KNOBS
          .knob("workload.warmupLoops", KnobTypes.integer(0, 100_000_000), 5)
          .unit("loops")
          .doc(
              "concurrent-soap: iterations per user (workload.threads, closed model) in each warm-up"
                  + " round, rounds until the throughput is steady; never measured, in no statistic;"
                  + " 0: no warm-up")
          .add();

  public static final Knob<Integer> RESPONSE_TIMEOUT =
      KNOBS
          .knob("workload.responseTimeoutMillis", KnobTypes.integer(100, 600_000), 30_000)
          .unit("ms")
          .doc(
              "concurrent-soap, sort-requests: a request unanswered after this fails (no user"
                  + " hangs); an open model also waits this long after its last arrival")
          .add();

  public static final Knob<Integer> DEADLINE =
      KNOBS
          .knob("workload.deadlineMillis", KnobTypes.integer(1, 600_000), 2000)
          .unit("ms")
          .doc(
              "sort-requests: an answer slower than this is a miss (the parcel goes to the"
                  + " exception area); misses are counted per step beside the percentiles")
          .study(Studies.SORT + ", answers over 2 s")
          .add();

  public static final Knob<Double> MAX_MISS_PERCENT =
      KNOBS
          .knob("workload.maxMissPercent", KnobTypes.decimal(0, 100), 1.0)
          .unit("%")
          .doc(
              "sort-requests: a step whose answers miss the deadline more often is a finding"
                  + " (DEADLINE_MISSES), not an invalid run: a rate sweep past the knee completes")
          .study(Studies.SORT)
          .add();

  public static final Knob<Integer> RESCAN_PERCENT =
      KNOBS
          .knob("workload.rescanPercent", KnobTypes.integer(0, 100), 10)
          .unit("%")
          .doc(
              "sort-requests: share of requests that re-scan a parcel scanned"
                  + " workload.rescanAfterSeconds earlier (updates of just-written rows)")
          .study(Studies.SORT + ", hot blocks")
          .add();

  public static final Knob<Integer> RESCAN_AFTER_SECONDS =
      KNOBS
          .knob("workload.rescanAfterSeconds", KnobTypes.integer(1, 3600), 3)
          .unit("s")
          .doc(
              "sort-requests: how long after its first scan a parcel is re-scanned, at the target rate")
          .study(Studies.SORT)
          .add();

  public static final Knob<Integer> WARMUP_SECONDS =
      KNOBS
          .knob("workload.warmupSeconds", KnobTypes.integer(0, 3600), 10)
          .unit("s")
          .doc(
              "sort-requests: length of each warm-up round at the target rate, rounds until the"
                  + " answers' median latency is steady; never measured; 0: no warm-up")
          .add();

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private WorkloadKnobs() {}
}
