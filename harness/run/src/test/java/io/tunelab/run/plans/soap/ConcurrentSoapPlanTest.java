package io.tunelab.run.plans.soap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.run.plans.soap.ConcurrentSoapPlan.Model;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentSoapPlanTest {
  private static final URI ENDPOINT = URI.create("http://127.0.0.1:41235/BillingCare");

  @TempDir Path dir;
  private Path csv;

  @BeforeEach
  void customers() throws IOException {
    csv =
        Files.writeString(
            dir.resolve("customers.csv"),
            BillingCustomers.HEADER + "\n1-0063Z,0.0.0.1 /account 100001,77\n");
  }

  private ConcurrentSoapPlan closed(int threads, int loops, int rampUp) {
    return new ConcurrentSoapPlan(
        Model.CLOSED, ENDPOINT, csv, threads, loops, rampUp, 0, 0, 1000, 6, 8);
  }

  @Test
  void closedPlanPassesEveryPropertyItsPlanReads() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(ENDPOINT, csv, 20, 500);

    assertThat(plan.properties())
        .containsEntry("host", "127.0.0.1")
        .containsEntry("port", "41235")
        .containsEntry("path", "/BillingCare")
        .containsEntry("threads", "20")
        .containsEntry("loops", "500")
        .containsEntry("rampUpSeconds", "0")
        .containsEntry("customersCsv", csv.toAbsolutePath().toString())
        .containsEntry("responseTimeoutMillis", "60000");
    assertThat(plan.properties().keySet()).isEqualTo(readBy(Model.CLOSED));
    assertThat(plan.plannedRequests()).isEqualTo(30_000);
  }

  @Test
  void openPlanPassesEveryPropertyItsPlanReads() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.open(ENDPOINT, csv, 600, 60);

    assertThat(plan.properties()).containsEntry("arrivalsPerMinute", "600");
    assertThat(plan.properties().keySet()).isEqualTo(readBy(Model.OPEN));
    assertThat(plan.plannedRequests()).isEqualTo(1800);
  }

  /** The properties the plan file reads with __P, as the load tier checks them. */
  private static Set<String> readBy(Model model) {
    Path plan = Path.of(System.getProperty("tunelab.home"), "jmeter-plans", model.file());
    try {
      Set<String> read = new java.util.TreeSet<>(io.tunelab.load.PlanProperties.readBy(plan));
      read.removeAll(LoadPlan.LOAD_TIER_PROPERTIES);
      return read;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void rejectsNegativeThreadsNamingTheAllowedRange() {
    assertThatThrownBy(() -> closed(-4, 10, 0))
        .isInstanceOf(BadInputException.class)
        .hasMessage("concurrent-soap plan: threads must be 1..10000, was -4");
  }

  @Test
  void rejectsZeroLoopsAndNegativeRampUp() {
    assertThatThrownBy(() -> closed(4, 0, 0)).hasMessageContaining("loops must be 1..100000000");
    assertThatThrownBy(() -> closed(4, 1, -1)).hasMessageContaining("rampUpSeconds must be 0..");
  }

  @Test
  void rejectsAMissingCsvNamingIt() {
    Path missing = dir.resolve("nowhere.csv");

    assertThatThrownBy(() -> ConcurrentSoapPlan.closed(ENDPOINT, missing, 4, 10))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("customersCsv must be a readable CSV file with the header")
        .hasMessageContaining(missing + " (missing)");
  }

  @Test
  void rejectsACsvWithoutCustomersOrWithAnotherHeader() throws IOException {
    Files.writeString(csv, BillingCustomers.HEADER + "\n");
    assertThatThrownBy(() -> closed(1, 1, 0)).hasMessageContaining("(no rows)");
    Files.writeString(csv, "partyId\n1-0063Z\n");
    assertThatThrownBy(() -> closed(1, 1, 0)).hasMessageContaining("customersCsv must be");
  }

  @Test
  void rejectsAnEndpointWithoutPortOrPath() {
    assertThatThrownBy(
            () -> ConcurrentSoapPlan.closed(URI.create("http://127.0.0.1/BillingCare"), csv, 1, 1))
        .hasMessageContaining("endpoint must be an http URL with host, port and path");
  }

  @Test
  void rejectsAnOpenPlanWithoutRate() {
    assertThatThrownBy(() -> ConcurrentSoapPlan.open(ENDPOINT, csv, 0, 60))
        .hasMessageContaining("arrivalsPerMinute must be 1..");
  }
}
