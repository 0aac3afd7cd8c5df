package io.tunelab.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JournalReportTest {
  private static final Path BROKER_XML = Path.of("config/broker.xml");
  private static final String JOURNAL_TYPE = "tunelab.broker.journal-type";

  @AfterEach
  void clearProperty() {
    System.clearProperty(JOURNAL_TYPE);
  }

  @Test
  void askedJournalIsTheDefaultOfBrokerXml() throws Exception {
    assertThat(JournalReport.asked(BROKER_XML)).isEqualTo(JournalType.ASYNCIO);
  }

  @Test
  void askedJournalFollowsItsSystemProperty() throws Exception {
    System.setProperty(JOURNAL_TYPE, "MAPPED");

    assertThat(JournalReport.asked(BROKER_XML)).isEqualTo(JournalType.MAPPED);
  }

  @Test
  void saysWhyArtemisFellBackToNio() {
    ConfigurationImpl running = new ConfigurationImpl();
    running.setJournalType(JournalType.NIO);

    assertThat(JournalReport.describe(JournalType.ASYNCIO, running))
        .startsWith(JournalReport.PREFIX + "NIO (asked ASYNCIO; fell back: ");
  }

  @Test
  void saysThereIsNoJournalWithoutPersistence() {
    ConfigurationImpl running = new ConfigurationImpl();
    running.setPersistenceEnabled(false);

    assertThat(JournalReport.describe(JournalType.ASYNCIO, running))
        .isEqualTo(
            JournalReport.PREFIX + "none (persistence disabled; journal-type ASYNCIO unused)");
  }
}
