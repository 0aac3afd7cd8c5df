package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.middleware.Stage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness's queue names against the two other places that name them: the broker's own
 * configuration and the middleware's stages (which know nothing of the harness).
 */
class FlowQueueContractTest {
  private static final Pattern QUEUE = Pattern.compile("<queue name=\"([^\"$]+)\"");

  @Test
  void theMiddlewareConsumesTheSameQueuesInTheSameOrder() {
    assertThat(FlowQueue.names())
        .containsExactlyElementsOf(Stream.of(Stage.values()).map(Stage::queue).toList());
    for (FlowQueue queue : FlowQueue.values()) {
      assertThat(Stage.ofQueue(queue.queue()).key()).isEqualTo(queue.stage());
    }
  }

  @Test
  void brokerXmlDeclaresEveryFlowQueueAndNoOtherTunelabQueue() throws Exception {
    Path brokerXml =
        Path.of(System.getProperty("tunelab.home"), "harness/broker/config/broker.xml");
    List<String> declared = new ArrayList<>();
    Matcher matcher = QUEUE.matcher(Files.readString(brokerXml));
    while (matcher.find()) {
      declared.add(matcher.group(1));
    }

    assertThat(declared.stream().filter(FlowQueue::isTunelab).toList())
        .containsExactlyElementsOf(FlowQueue.names());
  }

  @Test
  void everyStageHasItsConsumersKnob() {
    for (FlowQueue queue : FlowQueue.values()) {
      assertThat(KnobRegistry.standard().find("middleware.consumers." + queue.stage()))
          .as(queue.queue())
          .isPresent();
    }
  }
}
