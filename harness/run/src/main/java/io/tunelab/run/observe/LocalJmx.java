package io.tunelab.run.observe;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A JMX connection to another JVM of this user on this machine, through the JDK's Attach API: the
 * JVM's local management agent is started (loopback only, no port, no password: only this user can
 * reach it), so a tier JVM needs no JMX flag on its command line to be recorded or dumped.
 */
final class LocalJmx {
  private LocalJmx() {}

  /**
   * @throws IOException when the JVM cannot be attached to (gone, another user's, attach disabled)
   */
  static JMXConnector connect(long pid) throws IOException {
    String address;
    try {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
      try {
        address = vm.startLocalManagementAgent();
      } finally {
        vm.detach();
      }
    } catch (AttachNotSupportedException e) {
      throw new IOException("cannot attach to JVM " + pid + ": " + e.getMessage(), e);
    }
    return JMXConnectorFactory.connect(new JMXServiceURL(address));
  }
}
