package io.tunelab.run.plans.sort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.run.plans.sort.SortRequests.Mix;
import io.tunelab.run.plans.sort.SortRequests.Spec;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortRequestPlanTest {
  private static final URI ENDPOINT = URI.create("http://127.0.0.1:41237/sort");

  @TempDir Path dir;
  private Path csv;

  @BeforeEach
  void requests() {
    csv = dir.resolve("sort-requests.csv");
    SortRequests.write(csv, new Spec(1, 10, Mix.parse("1:1:1"), 0, 5, 4, 10));
  }

  private SortRequestPlan plan(URI endpoint, int arrivalsPerMinute) {
    return new SortRequestPlan(endpoint, csv, arrivalsPerMinute, 60, 2_000);
  }

  @Test
  void passesEveryPropertyThePlanReads() throws IOException {
    SortRequestPlan plan = new SortRequestPlan(ENDPOINT, csv, 1_200, 90, 2_000);

    assertThat(plan.properties())
        .containsEntry("host", "127.0.0.1")
        .containsEntry("port", "41237")
        .containsEntry("path", "/sort")
        .containsEntry("requestsCsv", csv.toAbsolutePath().toString())
        .containsEntry("arrivalsPerMinute", "1200")
        .containsEntry("durationSeconds", "90")
        .containsEntry("responseTimeoutMillis", "2000")
        .containsEntry("tunelab.endWhenIdleAfterMillis", "93000");
    Path file = Path.of(System.getProperty("tunelab.home"), "jmeter-plans", SortRequestPlan.FILE);
    java.util.Set<String> read =
        new java.util.TreeSet<>(io.tunelab.load.PlanProperties.readBy(file));
    read.removeAll(LoadPlan.LOAD_TIER_PROPERTIES);
    assertThat(plan.properties().keySet()).isEqualTo(read);
    assertThat(plan.loadPlan().file()).isEqualTo(Path.of("sort-requests.jmx"));
    assertThat(plan.loadPlan().properties()).isEqualTo(plan.properties());
    assertThat(plan.plannedRequests()).isEqualTo(1_800);
  }

  @Test
  void plannedRequestsRoundsAPartialMinute() {
    assertThat(new SortRequestPlan(ENDPOINT, csv, 100, 1, 1).plannedRequests()).isEqualTo(2);
    assertThat(new SortRequestPlan(ENDPOINT, csv, 6_000_000, 86_400, 1).plannedRequests())
        .isEqualTo(8_640_000_000L);
  }

  @Test
  void rejectsAnEndpointWithoutPortOrWithAPortOutOfRange() {
    assertThatThrownBy(() -> plan(URI.create("http://127.0.0.1/sort"), 600))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "sort-requests plan: endpoint must be an http URL with host, port 1..65535 and path,"
                + " no query, e.g. http://127.0.0.1:8096/sort, was http://127.0.0.1/sort");
    assertThatThrownBy(() -> plan(URI.create("http://127.0.0.1:70000/sort"), 600))
        .hasMessageContaining("endpoint must be")
        .hasMessageEndingWith("was http://127.0.0.1:70000/sort");
    assertThatThrownBy(() -> plan(URI.create("https://127.0.0.1:8443/sort"), 600))
        .hasMessageContaining("endpoint must be an http URL");
  }

  @Test
  void rejectsAMissingCsvNamingIt() {
    Path missing = dir.resolve("nowhere.csv");

    assertThatThrownBy(() -> new SortRequestPlan(ENDPOINT, missing, 600, 60, 1_000))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(
            "sort-requests plan: requestsCsv must be a readable CSV file with the header"
                + " msgType,deviceId,barcode,rescan,request")
        .hasMessageEndingWith("was " + missing + " (missing)");
  }

  @Test
  void rejectsACsvWithAnotherHeaderOrWithoutRows() throws IOException {
    Files.writeString(csv, "customerId,accountPoid,brmId\n1-0063Z,0.0.0.1 /account 100001,77\n");
    assertThatThrownBy(() -> plan(ENDPOINT, 600)).hasMessageEndingWith("was " + csv);
    Files.writeString(csv, SortRequests.HEADER + "\n");
    assertThatThrownBy(() -> plan(ENDPOINT, 600)).hasMessageEndingWith("(no rows)");
  }

  @Test
  void rejectsARateOfZeroAndOtherValuesOutOfRange() {
    assertThatThrownBy(() -> plan(ENDPOINT, 0))
        .isInstanceOf(BadInputException.class)
        .hasMessage("sort-requests plan: arrivalsPerMinute must be 1..6000000, was 0");
    assertThatThrownBy(() -> new SortRequestPlan(ENDPOINT, csv, 600, 86_401, 1_000))
        .hasMessage("sort-requests plan: durationSeconds must be 1..86400, was 86401");
    assertThatThrownBy(() -> new SortRequestPlan(ENDPOINT, csv, 600, 60, 0))
        .hasMessage("sort-requests plan: responseTimeoutMillis must be 1..600000, was 0");
  }
}
