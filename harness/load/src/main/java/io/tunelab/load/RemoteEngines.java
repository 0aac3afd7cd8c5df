package io.tunelab.load;

import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jorphan.collections.HashTree;

/**
 * The controller's side of JMeter's distributed mode: JMeter's own {@link ClientJMeterEngine} per
 * engine sends it the plan and the global properties and starts it; the engines' samples come back
 * to the tree's listeners here. Where JMeter's command line waits for the engines' ends without a
 * bound, this asks each engine every few seconds whether it still answers, so a dead engine fails
 * the run instead of hanging it.
 */
final class RemoteEngines {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(RemoteEngines.class);

  /** How often the controller checks that every engine still answers while the run lasts. */
  static final Duration CHECK_EVERY = Duration.ofSeconds(5);

  /** An engine that cannot be reached, refuses the plan or stops answering. */
  static final class EngineException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    EngineException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private RemoteEngines() {}

  /**
   * Runs {@code tree} on every engine and waits until each one ended it.
   *
   * @param rmiHost the address the engines call this controller back on; null for {@link
   *     #controllerHost}
   * @param tally the tree's tally, whose ends say when the engines are done
   * @return what the engines' plans refused, or null when nothing
   */
  static String run(
      HashTree tree,
      List<String> remotes,
      String rmiHost,
      Map<String, String> properties,
      RunTally tally)
      throws InterruptedException {
    // engines on this host reach any of its addresses: they take the one already bound, if any
    String host =
        rmiHost != null ? rmiHost : RmiSetup.bound().orElseGet(() -> controllerHost(remotes));
    try {
      RmiSetup.bindTo(host);
    } catch (java.io.IOException e) {
      throw new EngineException("the controller cannot listen for its engines: " + e, e);
    }
    LOG.info("the controller of {} engines listens on {}", remotes.size(), host);
    Properties global = new Properties();
    global.putAll(properties);
    List<ClientJMeterEngine> engines = new ArrayList<>();
    boolean ended = false;
    try {
      for (String remote : remotes) {
        ClientJMeterEngine engine = connect(remote);
        engine.configure(tree); // a clone of the tree per engine, as JMeter's own controller does
        engine.setProperties(global);
        engines.add(engine);
      }
      for (ClientJMeterEngine engine : engines) {
        try {
          engine.runTest();
        } catch (JMeterEngineException | IllegalStateException e) {
          throw new EngineException(
              "the JMeter engine at " + engine.getHost() + " did not start the plan: " + e, e);
        }
      }
      while (!tally.awaitEnded(engines.size(), CHECK_EVERY)) {
        for (String remote : remotes) {
          lookup(
              remote,
              "stopped answering during the run ("
                  + tally.ended()
                  + " of "
                  + remotes.size()
                  + " engines had ended)");
        }
      }
      ended = true;
      return planErrors(remotes);
    } finally {
      if (!ended) {
        engines.forEach(engine -> engine.stopTest(true));
      }
    }
  }

  /**
   * The address the engines call the controller back on: loopback when every engine is on this
   * host, else the one {@code java.rmi.server.hostname} names (docs/distributed-load.md).
   */
  static String controllerHost(List<String> remotes) {
    boolean local =
        remotes.stream()
            .map(remote -> remote.substring(0, remote.lastIndexOf(':')))
            .allMatch(host -> host.equals("127.0.0.1") || host.equals("localhost"));
    String named = System.getProperty("java.rmi.server.hostname");
    if (local || named == null || named.isBlank()) {
      return "127.0.0.1";
    }
    return named;
  }

  private static ClientJMeterEngine connect(String remote) {
    try {
      return new ClientJMeterEngine(remote);
    } catch (NotBoundException | RemoteException e) {
      throw new EngineException("no JMeter engine answers at " + remote + ": " + e.getMessage(), e);
    }
  }

  private static Remote lookup(String remote, String failure) {
    int colon = remote.lastIndexOf(':');
    try {
      return LocateRegistry.getRegistry(
              remote.substring(0, colon), Integer.parseInt(remote.substring(colon + 1)))
          .lookup(EngineControl.RMI_NAME);
    } catch (NotBoundException | RemoteException e) {
      throw new EngineException("the JMeter engine at " + remote + " " + failure, e);
    }
  }

  private static String planErrors(List<String> remotes) {
    java.util.Set<String> errors = new java.util.LinkedHashSet<>(); // every engine says the same
    for (String remote : remotes) {
      if (lookup(remote, "stopped answering at the run's end") instanceof EngineControl engine) {
        try {
          String error = engine.planError();
          if (error != null && !error.isBlank()) {
            errors.add(error);
          }
        } catch (RemoteException e) {
          throw new EngineException(
              "the JMeter engine at " + remote + " stopped answering at the run's end", e);
        }
      }
    }
    return errors.isEmpty() ? null : String.join("; ", errors);
  }
}
