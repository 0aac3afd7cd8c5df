package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.ArrayList;
import java.util.List;

/**
 * The fetcher intake's two ways to go wrong, as the service-broker study found them: a pool too
 * small (or polls too far apart) starves the engine, and polling too fast churns the database (and
 * the heap) with queries that find nothing.
 *
 * <ul>
 *   <li>{@link FindingKind#FETCHER_LIMIT}: while a full poll's worth of orders waited in the inbox
 *       (poolSize rows or more at both ends of a sample's second), the polls came back full
 *       ({@value #MIN_FULL_SHARE} of poolSize rows or more on average), and orders waited in at
 *       least {@value #MIN_WAITING_SHARE} of the samples: the fetchers take orders no faster than
 *       their triple lets them, whatever the engine could do. The polls after the inbox ran dry
 *       (the window's tail, while the engine finishes) find fewer and do not count against it.
 *   <li>{@link FindingKind#POLLING_CHURN}: at least {@value #MIN_EMPTY_SHARE} of the polls found
 *       nothing, {@value #MIN_EMPTY_POLLS_PER_SECOND} empty polls a second or more.
 * </ul>
 *
 * Both need {@value #MIN_SAMPLES} samples and {@value #MIN_POLLS} polls in the measured window.
 */
final class FetcherRule implements FindingRule {
  static final int MIN_SAMPLES = 5;
  static final double MIN_POLLS = 5;
  static final double MIN_FULL_SHARE = 0.9;
  static final double MIN_WAITING_SHARE = 0.5;
  static final double MIN_EMPTY_SHARE = 0.5;

  /**
   * A few empty polls a second are what any polling intake pays (three fetchers at 550 ms with
   * orders arriving at 10/s found the inbox empty 3.4 times a second); the study's churn is polling
   * far faster than the work: 259 empty polls a second cost 58% more database CPU per order here.
   */
  static final double MIN_EMPTY_POLLS_PER_SECOND = 10;

  @Override
  public List<Finding> apply(RunData data) {
    FetcherData f = data.fetcher();
    double polls = FetcherData.rise(f.polls());
    double seconds = FetcherData.seconds(f.polls());
    if (f.fetchers() == 0 || f.polls().size() < MIN_SAMPLES || polls < MIN_POLLS || seconds <= 0) {
      return List.of();
    }
    double picked = FetcherData.rise(f.picked());
    double empty = FetcherData.rise(f.emptyPolls());
    List<Finding> findings = new ArrayList<>();
    double perPoll = picked / polls;
    double[] whileWaiting = pollsWhileAPoolWaited(f);
    double waitingShare =
        f.waiting().isEmpty()
            ? 0
            : f.waiting().stream().filter(p -> p.value() >= 1).count()
                / (double) f.waiting().size();
    // each fetcher's mean time from one poll to its next: the pause, the submits, the query
    double cycleMillis = 1000 * seconds * f.fetchers() / polls;
    List<String> evidence =
        List.of(
            String.format(
                "series.csv middleware.fetcher.polls: %.0f polls in %.0f s (%.1f/s) by %d"
                    + " fetcher%s, one every %.0f ms each",
                polls,
                seconds,
                polls / seconds,
                f.fetchers(),
                f.fetchers() == 1 ? "" : "s",
                cycleMillis),
            String.format(
                "series.csv middleware.fetcher.picked: %.0f orders (%.1f/s), %.1f per poll of at"
                    + " most %d",
                picked, picked / seconds, perPoll, f.poolSize()),
            String.format(
                "of those, while %d or more orders waited: %.0f polls picked %.1f each",
                f.poolSize(),
                whileWaiting[0],
                whileWaiting[0] > 0 ? whileWaiting[1] / whileWaiting[0] : 0),
            String.format(
                "series.csv middleware.fetcher.emptyPolls: %.0f (%.0f%% of the polls)",
                empty, 100 * empty / polls),
            String.format(
                "series.csv db.inbox NEW: mean %.1f, max %.0f orders waiting; waiting in %.0f%%"
                    + " of the samples",
                Trend.mean(f.waiting()), Trend.max(f.waiting()), 100 * waitingShare),
            String.format(
                "triple: pollingMillis %d, submitMillis %d, poolSize %d",
                f.pollingMillis(), f.submitMillis(), f.poolSize()));
    if (f.poolSize() > 0
        && whileWaiting[0] >= MIN_POLLS
        && whileWaiting[1] / whileWaiting[0] >= MIN_FULL_SHARE * f.poolSize()
        && waitingShare >= MIN_WAITING_SHARE) {
      findings.add(
          new Finding(
              FindingKind.FETCHER_LIMIT,
              "fetcher",
              limitMessage(data, f, picked / seconds, cycleMillis),
              evidence,
              List.of(
                  Candidate.raise(MiddlewareKnobs.FETCHER_POOL_SIZE),
                  Candidate.raise(MiddlewareKnobs.FETCHERS),
                  Candidate.lower(MiddlewareKnobs.FETCHER_POLLING),
                  Candidate.lower(MiddlewareKnobs.FETCHER_SUBMIT))));
    }
    if (empty / polls >= MIN_EMPTY_SHARE && empty / seconds >= MIN_EMPTY_POLLS_PER_SECOND) {
      findings.add(
          new Finding(
              FindingKind.POLLING_CHURN,
              "fetcher",
              String.format(
                  "%.0f%% of the %.0f polls (%.1f a second) found order_inbox empty: each is a"
                      + " query, a transaction and garbage on the heap for no order; raise"
                      + " middleware.fetcher.pollingMillis (now %d ms) or use fewer fetchers"
                      + " (now %d): %.1f orders/s arrive, so a poll every %.0f ms would still"
                      + " find up to %d",
                  100 * empty / polls,
                  polls,
                  polls / seconds,
                  f.pollingMillis(),
                  f.fetchers(),
                  picked / seconds,
                  fillMillis(f, picked / seconds),
                  f.poolSize()),
              evidence,
              List.of(
                  Candidate.raise(MiddlewareKnobs.FETCHER_POLLING),
                  Candidate.lower(MiddlewareKnobs.FETCHERS))));
    }
    return findings;
  }

  private static String limitMessage(
      RunData data, FetcherData f, double perSecond, double cycleMillis) {
    EngineData engine = data.engine();
    String starving =
        engine.threads() > 0 && engine.busy().size() >= MIN_SAMPLES
            ? String.format(
                " (the %d engine threads busy %.0f%% of the window)",
                engine.threads(), 100 * Trend.mean(engine.busy()) / engine.threads())
            : "";
    // the triple's pauses alone: the rate the fetchers could not beat with free polls and submits
    int pausesMillis = f.pollingMillis() + (f.poolSize() - 1) * f.submitMillis();
    return String.format(
        "the fetchers are the limit: their polls came back full (%d orders each) while orders"
            + " waited in order_inbox%s; %d fetcher%s with %d ms of pauses per poll"
            + " (pollingMillis %d + %d x submitMillis %d) can take at most %.1f orders/s"
            + " (%.0f/min), and polling every %.0f ms each took %.1f/s (%.0f/min): raise"
            + " middleware.fetcher.poolSize or middleware.fetchers, or lower"
            + " middleware.fetcher.pollingMillis or submitMillis",
        f.poolSize(),
        starving,
        f.fetchers(),
        f.fetchers() == 1 ? "" : "s",
        pausesMillis,
        f.pollingMillis(),
        f.poolSize() - 1,
        f.submitMillis(),
        ceiling(f, pausesMillis),
        60 * ceiling(f, pausesMillis),
        cycleMillis,
        perSecond,
        60 * perSecond);
  }

  /**
   * The polls, and the orders they picked, over the samples' seconds that began and ended with at
   * least poolSize orders waiting: {polls, picked}.
   */
  private static double[] pollsWhileAPoolWaited(FetcherData f) {
    double polls = 0;
    double picked = 0;
    List<Point> counted = f.polls();
    for (int i = 1; i < counted.size(); i++) {
      long from = counted.get(i - 1).epochMillis();
      long to = counted.get(i).epochMillis();
      if (waitingAt(f.waiting(), from) >= f.poolSize()
          && waitingAt(f.waiting(), to) >= f.poolSize()) {
        polls += counted.get(i).value() - counted.get(i - 1).value();
        picked += valueAt(f.picked(), to) - valueAt(f.picked(), from);
      }
    }
    return new double[] {polls, picked};
  }

  private static double waitingAt(List<Point> waiting, long epochMillis) {
    return waiting.isEmpty() ? 0 : valueAt(waiting, epochMillis);
  }

  /** The last sample taken at or before {@code epochMillis}; the first when none was. */
  private static double valueAt(List<Point> series, long epochMillis) {
    double value = series.isEmpty() ? 0 : series.get(0).value();
    for (Point p : series) {
      if (p.epochMillis() > epochMillis) {
        break;
      }
      value = p.value();
    }
    return value;
  }

  private static double ceiling(FetcherData f, int pausesMillis) {
    return pausesMillis <= 0
        ? Double.POSITIVE_INFINITY
        : 1000.0 * f.fetchers() * f.poolSize() / pausesMillis;
  }

  /** The poll interval at which one poll of each fetcher would find a full batch at this rate. */
  private static double fillMillis(FetcherData f, double perSecond) {
    return perSecond <= 0 ? 0 : 1000.0 * f.fetchers() * f.poolSize() / perSecond;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(FetcherData.class, EngineData.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.FETCHER_LIMIT,
            "fetcher intake: while a full poll's worth of orders waited in the inbox "
                + "(poolSize rows or more), the polls came back full (90% of poolSize or more "
                + "on average, at least 5 such polls), and orders waited in at least half of "
                + "the samples; 5 samples and 5 polls at least",
            "the fetchers take orders no faster than their triple (fetchers, "
                + "pollingMillis, submitMillis, poolSize) lets them, whatever the engine "
                + "could do: raise middleware.fetcher.poolSize or middleware.fetchers, or "
                + "lower middleware.fetcher.pollingMillis or submitMillis; evidence names the "
                + "polls, the orders picked per poll, the inbox's waiting orders and the "
                + "triple"),
        new FindingDoc(
            FindingKind.POLLING_CHURN,
            "fetcher intake: at least half of the polls found the inbox empty, 10 empty "
                + "polls a second or more; 5 samples and 5 polls at least",
            "each empty poll is a query, a transaction and garbage for no order: raise "
                + "middleware.fetcher.pollingMillis or use fewer fetchers, with the poll "
                + "interval that would still fill a pool at the arrival rate"));
  }
}
