package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.middleware.config.MiddlewareSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The messaging plan's queue names against the two other places that name them: the middleware
 * (which knows nothing of the harness) and the JMeter plan.
 */
class MessagingQueuesTest {
  @Test
  void theMessagingQueuesAreNamedAlikeByTheHarnessTheMiddlewareAndThePlan() throws Exception {
    assertThat(MessagingQueues.name(3))
        .isEqualTo(MiddlewareSettings.Messaging.queue(3))
        .isEqualTo("tunelab.messages.3");
    String plan =
        Files.readString(Path.of(System.getProperty("tunelab.home"), "jmeter-plans/messaging.jmx"));
    assertThat(plan)
        .contains(
            "<stringProp name=\"JMSSampler.SendQueue\">dynamicQueues/"
                + MessagingQueues.PREFIX
                + "${");
  }
}
