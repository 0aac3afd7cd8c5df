package io.tunelab.run.plans.soap;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The billing-care study's what-if, measured rather than tested (minutes, so only with {@code
 * -Dtunelab.study=true}): the concurrent-SOAP plan at {@code tunelab.study.threads} threads (20)
 * and {@code tunelab.study.loops} loops (the study ran 500; fewer here) against the untuned
 * middleware, with BRM at 500, 400 and 250 ms. Writes {@code target/billing-care-study/summary.md}:
 * throughput, p50/p99, the ratio to the latency-bound limit (threads / BRM latency) and CPU seconds
 * per tier.
 */
@EnabledIfSystemProperty(named = "tunelab.study", matches = "true")
class BillingCareStudyIT {
  private static final Path DIR = Path.of("target/billing-care-study");

  @Test
  void brmLatencyWhatIf() throws IOException {
    int threads = Integer.getInteger("tunelab.study.threads", 20);
    int loops = Integer.getInteger("tunelab.study.loops", 20);
    StringBuilder summary = new StringBuilder(header(threads, loops));
    try (FlowFixture fixture = new FlowFixture()) {
      Path csv = DIR.resolve("customers.csv");
      BillingCustomers.writeCsv(
          fixture.endpoints.db(),
          fixture.endpoints.dbUser(),
          fixture.endpoints.dbPassword(),
          csv,
          200);
      fixture.reset();
      try (MiddlewareTier middleware = fixture.middleware(KnobSet.defaults(), "billing-study")) {
        ConcurrentSoapPlan plan =
            ConcurrentSoapPlan.closed(middleware.billingUrl(), csv, threads, loops);
        ConcurrentSoapPlan warmUp =
            ConcurrentSoapPlan.closed(middleware.billingUrl(), csv, threads, 3);
        ConcurrentSoapResult.run(
            LocalJmeter.owned(), warmUp, DIR.resolve("warm-up"), Duration.ofMinutes(5), true);
        for (int latency : List.of(500, 400, 250)) {
          fixture.database.purge();
          fixture.brm().setLatency(new Latency.Fixed(latency));
          Map<String, Tier> tiers = tiers(fixture, middleware);
          Map<String, Long> before = cpuMillis(tiers);
          long loadBefore = childrenCpuMillis();
          ConcurrentSoapResult result =
              ConcurrentSoapResult.run(
                  LocalJmeter.owned(),
                  plan,
                  DIR.resolve("brm-" + latency),
                  Duration.ofMinutes(30),
                  true);
          Map<String, Long> after = cpuMillis(tiers);
          after.put("load", childrenCpuMillis() - loadBefore);
          before.put("load", 0L);
          summary.append(row(latency, threads, result, before, after));
          assertThat(result.stats().overall().requests()).isEqualTo(3L * threads * loops);
        }
      }
    }
    Files.createDirectories(DIR);
    Files.writeString(DIR.resolve("summary.md"), summary);
    System.out.println(summary);
  }

  private static String header(int threads, int loops) {
    return "BRM latency | requests | errors | requests/min | limit/min | ratio | p50 ms | p99 ms"
        + " | CPU s: middleware, db, broker, mocks, load | run s\n"
        + "--- | --- | --- | --- | --- | --- | --- | --- | --- | ---\n"
        + "<!-- "
        + threads
        + " threads x "
        + loops
        + " loops x 3 queries -->\n";
  }

  private static String row(
      int latency,
      int threads,
      ConcurrentSoapResult result,
      Map<String, Long> before,
      Map<String, Long> after) {
    LatencySummary overall = result.stats().overall();
    double limit = threads * 60_000.0 / latency;
    StringBuilder cpu = new StringBuilder();
    for (String tier : List.of("middleware", "db", "broker", "mocks", "load")) {
      cpu.append(cpu.length() == 0 ? "" : ", ")
          .append(String.format("%.1f", (after.get(tier) - before.get(tier)) / 1000.0));
    }
    return String.format(
        "%d ms | %d | %d | %.0f | %.0f | %.2f | %d | %d | %s | %.1f%n",
        latency,
        overall.requests(),
        overall.errors(),
        overall.requestsPerMinute(),
        limit,
        overall.requestsPerMinute() / limit,
        overall.p50Millis(),
        overall.p99Millis(),
        cpu,
        result.stats().windowMillis() / 1000.0);
  }

  private static Map<String, Tier> tiers(FlowFixture fixture, MiddlewareTier middleware) {
    Map<String, Tier> tiers = new LinkedHashMap<>();
    tiers.put("middleware", middleware);
    tiers.put("db", fixture.embedded().db());
    tiers.put("broker", fixture.embedded().broker());
    tiers.put("mocks", fixture.embedded().mocks());
    return tiers;
  }

  /** CPU milliseconds of each tier's processes and their live descendants. */
  private static Map<String, Long> cpuMillis(Map<String, Tier> tiers) {
    Map<String, Long> cpu = new LinkedHashMap<>();
    tiers.forEach(
        (name, tier) -> {
          long millis = 0;
          for (ProcessHandle process : tier.processes()) {
            millis += cpu(process);
            millis += process.descendants().mapToLong(BillingCareStudyIT::cpu).sum();
          }
          cpu.put(name, millis);
        });
    return cpu;
  }

  private static long cpu(ProcessHandle process) {
    return process.info().totalCpuDuration().map(Duration::toMillis).orElse(0L);
  }

  /** CPU of this JVM's ended, reaped children (the load JVM once it ended), from /proc. */
  private static long childrenCpuMillis() throws IOException {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // fields after the command: state is index 0, so cutime (field 16) and cstime (17) are 13, 14
    long ticks = Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    return ticks * 10; // USER_HZ is 100 on Linux
  }
}
