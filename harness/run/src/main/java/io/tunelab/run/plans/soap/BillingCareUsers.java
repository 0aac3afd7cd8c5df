package io.tunelab.run.plans.soap;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.Failures;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.BesideLoad;
import io.tunelab.run.RequestFigures;
import io.tunelab.run.RunTiers;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.jmeter.RunningLoad;
import io.tunelab.tiers.jmeter.SpreadOverInstances;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Billing-care users beside another plan's work ({@code workload.besideUsers}): concurrent-soap's
 * closed plan, each user's three queries back to back without end, in a load JVM of their own (the
 * run's load JVM sends the host plan's work meanwhile), spread over the middleware instances that
 * answer. Started before the host's work so that they query at full pace when it begins; stopped
 * when it ends, each user after the query it is in. The JTL in the folder {@value #DIR} keeps every
 * query; only those that started inside the window count.
 */
public final class BillingCareUsers implements BesideLoad {
  /** The load's folder in the folder the host gives it. */
  public static final String DIR = "beside";

  @Override
  public Optional<Running> start(RunTiers tiers, KnobSet knobs, Path dir) {
    int users = knobs.get(WorkloadKnobs.BESIDE_USERS);
    if (users == 0) {
      return Optional.empty();
    }
    Path work = dir.resolve(DIR);
    Path csv = work.resolve("customers.csv");
    Endpoints endpoints = tiers.endpoints();
    SoapWorkload queries = SoapWorkload.of(knobs);
    int customers =
        BillingCustomers.writeCsv(
            endpoints.db(), endpoints.dbUser(), endpoints.dbPassword(), csv, queries.customers());
    if (customers == 0) {
      throw new IllegalStateException(
          "workload.besideUsers queries seeded customers, and the database has none: set"
              + " db.seed.customers above 0");
    }
    ConcurrentSoapPlan plan =
        queries.queried(
            ConcurrentSoapPlan.closed(
                tiers.middleware().billingUrl(), csv, users, ConcurrentSoapPlan.MAX_LOOPS));
    // the host's own bound (a drain's), and time for the load JVM's start and its last queries
    Duration timeout =
        Duration.ofSeconds(knobs.get(WorkloadKnobs.DRAIN_TIMEOUT))
            .plusMinutes(5)
            .plusMillis(3L * plan.responseTimeoutMillis());
    RunningLoad running =
        SpreadOverInstances.over(LocalJmeter.owned(), tiers.middleware().billingUrls())
            .start(plan.loadPlan(), work, timeout);
    return Optional.of(new Users(users, running));
  }

  private record Users(int users, RunningLoad running) implements Running {
    @Override
    public Beside finish(long fromMillis, long untilMillis) {
      running.stop();
      LoadRun run = running.await();
      List<JtlRecord> all = read(run);
      List<JtlRecord> inside =
          all.stream()
              .filter(s -> s.timeStampMillis() >= fromMillis && s.timeStampMillis() < untilMillis)
              .toList();
      SoapStats stats = SoapStats.of(inside);
      LatencySummary overall = stats.overall();
      double errorPercent =
          overall.requests() == 0 ? 100 : 100.0 * overall.errors() / overall.requests();
      RequestMetrics requests =
          new RequestMetrics(
                  ConcurrentSoapPlan.Model.CLOSED.name().toLowerCase(Locale.ROOT),
                  inside.size(),
                  overall.requests(),
                  overall.errors(),
                  errorPercent,
                  overall,
                  stats.byOperation(),
                  null,
                  null)
              .withOperations(RequestFigures.operationHistograms(stats), Failures.of(inside));
      return new Beside(users, requests, all.size(), run.log());
    }

    @Override
    public void close() {
      running.close();
    }

    private static List<JtlRecord> read(LoadRun run) {
      try {
        return Files.exists(run.jtl()) ? run.records() : List.of();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the beside load's JTL " + run.jtl(), e);
      }
    }
  }
}
