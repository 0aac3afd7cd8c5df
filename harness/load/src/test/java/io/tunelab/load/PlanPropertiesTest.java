package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanPropertiesTest {
  @Test
  void findsThePropertiesAPlanReadsWithEitherFunctionName() {
    String plan =
        "<stringProp>${__P(orders,500)}</stringProp><stringProp>${__P( threads )}</stringProp>"
            + "<stringProp>${__property(seed,,1)}</stringProp><stringProp>${__P(orders)}</stringProp>"
            + "<stringProp>${__time()}</stringProp>";

    assertThat(PlanProperties.readBy(plan)).containsExactly("orders", "threads");
  }

  @Test
  void readsEveryPropertyOfTheBatchOrderPlan() throws Exception {
    Path plan = Path.of(System.getProperty("tunelab.home"), "jmeter-plans", "batch-order.jmx");

    assertThat(PlanProperties.readBy(plan))
        .containsExactlyInAnyOrder(
            "brokerUrl",
            "queue",
            "orders",
            "threads",
            "seed",
            "mix",
            "customers",
            "newCustomerPercent",
            "runTag",
            "persistent",
            "arrivalsPerMinute",
            "sink",
            "jdbcUrl",
            "jdbcUser",
            "jdbcPassword",
            "inboxStatus",
            "tunelab.engine",
            "tunelab.engines");
  }

  @Test
  void refusesAPropertyThePlanDoesNotRead() {
    assertThatThrownBy(
            () ->
                PlanProperties.check(
                    Map.of("thraeds", "4"), Set.of("orders", "threads"), Path.of("x/p.jmx")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the plan p.jmx reads no property 'thraeds': it reads orders, threads");
  }
}
