package io.tunelab.load;

import java.rmi.RemoteException;
import org.apache.jmeter.engine.RemoteJMeterEngine;

/**
 * A tunelab load engine as its controller reaches it over RMI: JMeter's remote engine, which any
 * JMeter controller can drive, and what the plan said of its properties. JMeter's plans report a
 * bad property in a JMeter property of the JVM that ran them ({@value
 * PlanRun#PLAN_ERROR_PROPERTY}); on an engine that JVM is not the controller's.
 */
public interface EngineControl extends RemoteJMeterEngine {
  /** The name JMeter's controllers look an engine up by in its RMI registry (JMeter's own). */
  String RMI_NAME = "JMeterEngine";

  /** What the last run's plan refused, or null when it refused nothing. */
  String planError() throws RemoteException;
}
