package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class BrokerDiskTest {
  @Test
  void aLimitAtOrUnderWhatIsUsedIsRefusedBeforeTheRunWithTheLowestLimitThatWouldDo() {
    assertThatThrownBy(() -> BrokerDisk.check(70, OptionalDouble.of(70.9), " (step s)"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broker.maxDiskUsagePercent=70 (step s) is at or under the 70.9%")
        .hasMessageContaining("Raise it above 71");
  }

  @Test
  void aLimitAboveWhatIsUsedOrNoLimitOrNoReadingPasses() {
    BrokerDisk.check(90, OptionalDouble.of(70.9), "");
    BrokerDisk.check(-1, OptionalDouble.of(99.0), "");
    BrokerDisk.check(10, OptionalDouble.empty(), "");
  }

  @Test
  void aBrokerThatFilledItsDiskDuringTheRunIsNamedAsBlockingItsProducersWithTheWayOut() {
    assertThat(BrokerDisk.blocking(90, 93.25))
        .hasValueSatisfying(
            why ->
                assertThat(why)
                    .contains("blocks every producer")
                    .contains("93.3% used, at or over broker.maxDiskUsagePercent=90")
                    .contains("Free disk space")
                    .contains("raise broker.maxDiskUsagePercent"));
    assertThat(BrokerDisk.blocking(90, 90.0)).isPresent();
  }

  @Test
  void aBrokerUnderItsLimitOrWithoutOneBlocksNothing() {
    assertThat(BrokerDisk.blocking(90, 89.9)).isEmpty();
    assertThat(BrokerDisk.blocking(-1, 100.0)).isEmpty();
  }
}
