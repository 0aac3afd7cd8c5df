package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** The tally as JMeter's distributed mode uses it: one clone per engine, one count per run. */
class RunTallyTest {
  private static SampleEvent sample(String label, boolean ok) {
    SampleResult result = new SampleResult();
    result.setSampleLabel(label);
    result.setSuccessful(ok);
    result.setResponseCode(ok ? "200" : "500");
    result.setResponseMessage(ok ? "OK" : "boom");
    return new SampleEvent(result, "tg");
  }

  @Test
  void theClonesOfARunsTallyCountIntoItAndTheirEndsAreCounted() throws Exception {
    RunTally tally = RunTally.open();
    try {
      RunTally first = (RunTally) tally.clone();
      RunTally second = (RunTally) tally.clone();

      first.sampleOccurred(sample("publish", true));
      second.sampleOccurred(sample("publish", false));
      second.sampleOccurred(sample("publish", true));
      first.testEnded("127.0.0.1:1");

      assertThat(tally.samples()).isEqualTo(3);
      assertThat(tally.failures()).isEqualTo(1);
      assertThat(tally.firstFailure()).isEqualTo("publish: 500 boom");
      assertThat(tally.awaitEnded(2, Duration.ofMillis(50))).as("one engine of two").isFalse();
      second.testEnded("127.0.0.1:2");
      assertThat(tally.awaitEnded(2, Duration.ofMillis(50))).isTrue();
    } finally {
      tally.close();
    }
  }

  @Test
  void anotherRunsTallyCountsApartAndAClosedOneNoMore() {
    RunTally one = RunTally.open();
    RunTally two = RunTally.open();
    one.sampleOccurred(sample("a", true));
    one.close();
    one.sampleOccurred(sample("a", true));
    two.sampleOccurred(sample("b", true));
    two.sampleOccurred(sample("b", true));

    assertThat(one.samples()).isZero();
    assertThat(two.samples()).isEqualTo(2);
    two.close();
  }
}
