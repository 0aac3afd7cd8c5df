package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BatchOrderPlanTest {
  private static BatchOrderPlan plan(
      String brokerUrl,
      String queue,
      int orders,
      int threads,
      SizeMix mix,
      int customers,
      int newCustomerPercent,
      String runTag) {
    return new BatchOrderPlan(
        brokerUrl, queue, orders, threads, 7, mix, customers, newCustomerPercent, runTag, true);
  }

  private static final String URL = "tcp://127.0.0.1:61616";
  private static final SizeMix MIX = new SizeMix(1, 1, 1);

  @Test
  void passesEveryPropertyThePlanReads() throws Exception {
    BatchOrderPlan plan = plan(URL, "tunelab.intake", 500, 4, MIX, 1000, 10, "r1");
    String jmx =
        Files.readString(
            Path.of(System.getProperty("tunelab.home"), "jmeter-plans", "batch-order.jmx"));
    Set<String> read = new TreeSet<>();
    Matcher matcher = Pattern.compile("__P\\(([A-Za-z0-9_.]+)").matcher(jmx);
    while (matcher.find()) {
      read.add(matcher.group(1));
    }
    read.removeAll(LoadPlan.LOAD_TIER_PROPERTIES);

    assertThat(plan.properties().keySet()).containsExactlyInAnyOrderElementsOf(read);
    assertThat(plan.properties())
        .containsEntry("mix", "1:1:1")
        .containsEntry("orders", "500")
        .containsEntry("persistent", "true")
        .containsEntry("seed", "7")
        .containsEntry("arrivalsPerMinute", "0");
  }

  @Test
  void aBatchIsUnpacedUnlessItSaysARate() {
    BatchOrderPlan unpaced = plan(URL, "q", 500, 4, MIX, 1000, 0, "r1");

    assertThat(unpaced.arrivalsPerMinute()).isZero();
    assertThat(unpaced.arrivalRate()).isEqualTo(ArrivalRate.UNPACED);
    assertThat(unpaced.scheduleDuration()).isEqualTo(Duration.ZERO);
  }

  @Test
  void rateModePassesTheRateAndKnowsHowLongItsScheduleLasts() {
    BatchOrderPlan paced = paced(600);

    assertThat(paced.properties()).containsEntry("arrivalsPerMinute", "600");
    assertThat(paced.arrivalRate().paced()).isTrue();
    // 500 orders 100 ms apart: 49.9 s from the first due to the last, after the lead.
    assertThat(paced.scheduleDuration())
        .isEqualTo(Duration.ofMillis(ArrivalRate.LEAD_MILLIS + 49_900));
  }

  @Test
  void rejectsANegativeArrivalRate() {
    assertThatThrownBy(() -> paced(-1))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "batch-order plan: arrivalsPerMinute must be 0 (unpaced) or 1..6000000 arrivals due"
                + " per minute, was -1");
  }

  @Test
  void rejectsAnArrivalRateAboveTheHighest() {
    assertThatThrownBy(() -> paced(6_000_001))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("batch-order plan: arrivalsPerMinute must be 0 (unpaced) or 1..")
        .hasMessageEndingWith("was 6000001");
  }

  private static BatchOrderPlan paced(int arrivalsPerMinute) {
    return new BatchOrderPlan(URL, "q", 500, 4, 7, MIX, 1000, 0, "r1", true, arrivalsPerMinute);
  }

  @Test
  void namesOrdersAsThePlanDoes() {
    assertThat(plan(URL, "q", 1, 1, MIX, 1, 0, "abc9").orderId(42)).isEqualTo("ORD-abc9-000042");
  }

  @Test
  void rejectsABrokerUrlThatIsNoArtemisUrl() {
    assertThatThrownBy(() -> plan("localhost:61616", "q", 1, 1, MIX, 1, 0, "r"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("brokerUrl must be an Artemis URL such as tcp://");
  }

  @Test
  void rejectsAQueueNameWithOtherCharacters() {
    assertThatThrownBy(() -> plan(URL, "intake queue", 1, 1, MIX, 1, 0, "r"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("queue must be a queue name of letters, digits");
  }

  @Test
  void rejectsAnEmptyBatch() {
    assertThatThrownBy(() -> plan(URL, "q", 0, 1, MIX, 1, 0, "r"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("orders must be 1..100000000, was 0");
  }

  @Test
  void rejectsThreadsOutside1To256() {
    assertThatThrownBy(() -> plan(URL, "q", 1, 0, MIX, 1, 0, "r"))
        .hasMessageContaining("threads must be 1..256, was 0");
    assertThatThrownBy(() -> plan(URL, "q", 1, 257, MIX, 1, 0, "r"))
        .hasMessageContaining("threads must be 1..256, was 257");
  }

  @Test
  void rejectsAMixOfOnlyZeroWeights() {
    assertThatThrownBy(() -> SizeMix.parse("0:0:0"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("not all 0");
  }

  @Test
  void rejectsANegativeWeight() {
    assertThatThrownBy(() -> new SizeMix(1, -1, 1))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("each 0..999999");
  }

  @Test
  void rejectsAMixThatIsNotThreeWeights() {
    assertThatThrownBy(() -> SizeMix.parse("1:1"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(
            "mix must be three weights small:medium:large (e.g. 1:1:1), was '1:1'");
    assertThatThrownBy(() -> SizeMix.parse("a:b:c"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("whole-number weights");
  }

  @Test
  void rejectsAMissingMix() {
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, null, 1, 0, "r"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("mix must be");
  }

  @Test
  void rejectsNoCustomers() {
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, MIX, 0, 0, "r"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("customers must be 1..1000000");
  }

  @Test
  void rejectsANewCustomerShareOutside0To100() {
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, MIX, 1, 101, "r"))
        .hasMessageContaining("newCustomerPercent must be 0..100, was 101");
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, MIX, 1, -1, "r"))
        .hasMessageContaining("newCustomerPercent must be 0..100, was -1");
  }

  @Test
  void rejectsARunTagWithOtherThanLettersAndDigits() {
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, MIX, 1, 0, "run-1"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("runTag must be 1..32 letters and digits, was run-1");
    assertThatThrownBy(() -> plan(URL, "q", 1, 1, MIX, 1, 0, ""))
        .hasMessageContaining("runTag must be");
  }

  @Test
  void theLargestBatchAtTheLowestRateDoesNotOverflow() {
    ArrivalRate rate = new ArrivalRate(1);

    assertThat(rate.plannedSpanMillis(BatchOrderPlan.MAX_ORDERS))
        .isEqualTo((BatchOrderPlan.MAX_ORDERS - 1) * 60_000L);
  }
}
