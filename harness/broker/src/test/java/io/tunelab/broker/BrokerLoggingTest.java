package io.tunelab.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class BrokerLoggingTest {
  @Test
  void auditLoggersAreOff() {
    for (String audit :
        new String[] {
          "org.apache.activemq.audit.base",
          "org.apache.activemq.audit.message",
          "org.apache.activemq.audit.resource"
        }) {
      Logger logger = LoggerFactory.getLogger(audit);
      assertThat(logger.isErrorEnabled()).as(audit).isFalse();
      assertThat(logger.isInfoEnabled()).as(audit).isFalse();
    }
  }

  @Test
  void brokerLifecycleIsLoggedAtInfo() {
    Logger server = LoggerFactory.getLogger("org.apache.activemq.artemis.core.server");
    assertThat(server.isInfoEnabled()).isTrue();
    assertThat(server.isDebugEnabled()).isFalse();
  }

  @Test
  void nettyLogsOnlyWarnings() {
    Logger netty = LoggerFactory.getLogger("io.netty.channel.DefaultChannelPipeline");
    assertThat(netty.isWarnEnabled()).isTrue();
    assertThat(netty.isInfoEnabled()).isFalse();
  }
}
