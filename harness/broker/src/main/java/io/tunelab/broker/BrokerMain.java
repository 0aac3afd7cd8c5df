package io.tunelab.broker;

import io.tunelab.tiermain.OwnerWatchdog;
import java.nio.file.Path;
import javax.management.ObjectName;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.FileDeploymentManager;
import org.apache.activemq.artemis.core.config.impl.FileConfiguration;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.slf4j.LoggerFactory;

/**
 * The broker tier's JVM: Apache Artemis embedded, configured by {@code broker.xml}.
 *
 * <p>Arguments: {@code --config <broker.xml> --data <dir>}. Every other setting arrives as a {@code
 * -Dtunelab.broker.<name>=<value>} system property that fills the matching placeholder of
 * broker.xml. Once the broker is active this JVM logs the journal it really writes (see {@link
 * JournalReport}). SIGTERM stops the broker cleanly; so does the death of the owner process named
 * by {@code -Dtunelab.owner.pid}.
 */
public final class BrokerMain {
  /** The broker.xml placeholder for the directory holding journal, bindings and paging. */
  public static final String DATA_DIR_PROPERTY = "tunelab.broker.data-dir";

  /** Exit status when the arguments or broker.xml are wrong. */
  static final int BAD_INPUT_EXIT_STATUS = 2;

  /** Exit status when Artemis could not start. */
  static final int START_FAILED_EXIT_STATUS = 1;

  private BrokerMain() {}

  public static void main(String[] args) {
    OwnerWatchdog.startFromSystemProperty();
    Configuration configuration;
    JournalType asked;
    try {
      BrokerArgs parsed = BrokerArgs.parse(args);
      System.setProperty(DATA_DIR_PROPERTY, parsed.dataDir().toString());
      asked = JournalReport.asked(parsed.config());
      configuration = load(parsed.config());
    } catch (Exception e) {
      System.err.println("tunelab broker: " + e.getMessage());
      System.exit(BAD_INPUT_EXIT_STATUS);
      return;
    }
    EmbeddedActiveMQ broker = new EmbeddedActiveMQ().setConfiguration(configuration);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(broker), "tunelab-broker-shutdown"));
    try {
      broker.start();
    } catch (Exception e) {
      System.err.println("tunelab broker: Artemis did not start: " + e);
      e.printStackTrace();
      System.exit(START_FAILED_EXIT_STATUS);
      return;
    }
    if (!broker.getActiveMQServer().isActive()) {
      System.err.println(
          "tunelab broker: Artemis stopped during its start (an acceptor or the storage failed,"
              + " e.g. its port bound by another process first): see its"
              + " AMQ22xxxx errors above");
      // its last words: the tier starts it again on other ports when one was taken
      TakenPorts.of(configuration.getAcceptorConfigurations())
          .forEach(taken -> System.err.println("tunelab broker: " + taken));
      System.exit(START_FAILED_EXIT_STATUS);
    }
    LoggerFactory.getLogger(BrokerMain.class).info(JournalReport.describe(asked, configuration));
    registerJournalControl(broker);
  }

  /** Makes {@link JournalControl} reachable over the management address. */
  private static void registerJournalControl(EmbeddedActiveMQ broker) {
    try {
      broker
          .getActiveMQServer()
          .getManagementService()
          .registerUntypedControl(
              JournalControl.RESOURCE,
              new JournalControl(broker.getActiveMQServer().getStorageManager()),
              new ObjectName("org.apache.activemq.artemis:broker=tunelab,component=journal"));
    } catch (Exception e) {
      System.err.println("tunelab broker: the journal control is not available: " + e);
    }
  }

  /** Reads broker.xml as Artemis does, its {@code ${name:default}} placeholders filled. */
  static Configuration load(Path brokerXml) throws Exception {
    FileConfiguration configuration = new FileConfiguration();
    FileDeploymentManager deployment = new FileDeploymentManager(brokerXml.toUri().toString());
    deployment.addDeployable(configuration);
    deployment.readConfiguration();
    return configuration;
  }

  private static void stop(EmbeddedActiveMQ broker) {
    try {
      broker.stop();
    } catch (Exception e) {
      System.err.println("tunelab broker: error while stopping Artemis: " + e);
    }
  }
}
