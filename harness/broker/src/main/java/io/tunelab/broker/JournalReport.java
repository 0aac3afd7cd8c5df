package io.tunelab.broker;

import java.io.File;
import java.nio.file.Path;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.io.aio.AIOSequentialFileFactory;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.utils.XMLUtil;
import org.w3c.dom.NodeList;

/**
 * The one log line that says which journal the broker really writes.
 *
 * <p>Artemis replaces ASYNCIO by NIO with only a warning when the native library cannot be loaded
 * (it needs {@code libartemis-native-64.so} on {@code java.library.path} and {@code libaio.so.1}:
 * Debian 12's {@code libaio1}, or {@code libaio1t64} linked under that name on Debian 13 and Ubuntu
 * 24.04, as {@code .ci/prerequisites} does) or when the journal directory does not support {@code
 * O_DIRECT} (tmpfs before Linux 6.6). It then changes its configuration to NIO (already while
 * parsing broker.xml), which is what management's {@code journalType} attribute answers; this line
 * says the same in the log, with the reason.
 */
final class JournalReport {
  /** Start of the line, for anyone who reads it back from the log. */
  static final String PREFIX = "journal in effect: ";

  private JournalReport() {}

  /** The journal type broker.xml asks for, its placeholder filled, before Artemis changes it. */
  static JournalType asked(Path brokerXml) throws Exception {
    NodeList nodes =
        XMLUtil.urlToElement(brokerXml.toUri().toURL()).getElementsByTagName("journal-type");
    if (nodes.getLength() == 0) {
      return JournalType.ASYNCIO; // Artemis' default
    }
    String text = XMLUtil.replaceSystemPropsInString(nodes.item(0).getTextContent().trim());
    return JournalType.valueOf(text.trim());
  }

  /**
   * @param asked the journal type broker.xml asked for
   * @param running the configuration of the started broker, which Artemis changed on fall-back
   */
  static String describe(JournalType asked, Configuration running) {
    if (!running.isPersistenceEnabled()) {
      return PREFIX + "none (persistence disabled; journal-type " + asked + " unused)";
    }
    JournalType effective = running.getJournalType();
    String line = PREFIX + effective + " (asked " + asked;
    if (asked == JournalType.ASYNCIO && effective != JournalType.ASYNCIO) {
      return line + "; fell back: " + fallbackReason(running.getJournalLocation()) + ")";
    }
    return line + ")";
  }

  private static String fallbackReason(File journalDir) {
    if (!AIOSequentialFileFactory.isSupported()) {
      return "the native library artemis-native-64 is not loaded (java.library.path="
          + System.getProperty("java.library.path")
          + "; it also needs libaio.so.1: Debian 12's libaio1, or libaio1t64's libaio.so.1t64"
          + " linked as libaio.so.1 on Debian 13 and Ubuntu 24.04, as .ci/prerequisites does)";
    }
    if (!AIOSequentialFileFactory.isSupported(journalDir)) {
      return "the journal directory " + journalDir + " does not support O_DIRECT";
    }
    return "for a reason Artemis logged above";
  }
}
