package io.tunelab.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import org.apache.jmeter.util.JMeterUtils;

/**
 * RMI as the load tier's controller and engines use it: every listening socket on one address
 * (127.0.0.1 unless told otherwise), never on all of the machine's, and plain sockets. JMeter's own
 * RMI sockets are SSL unless {@code server.rmi.ssl.disable} is true, and plain ones listen on every
 * interface; tunelab's engines on this host talk over loopback, where a keystore protects nothing.
 * On other hosts, see docs/distributed-load.md.
 */
final class RmiSetup {
  private static String address;

  private RmiSetup() {}

  /** The address this JVM's RMI is bound to; empty before the first distributed run. */
  static synchronized java.util.Optional<String> bound() {
    return java.util.Optional.ofNullable(address);
  }

  /**
   * Binds this JVM's RMI to {@code host}: the address its listeners take and the one its remote
   * objects give callers. Once per JVM; again with the same host it does nothing.
   *
   * @throws IllegalStateException when this JVM's RMI is already bound to another address
   */
  static synchronized void bindTo(String host) throws IOException {
    if (address != null) {
      if (!address.equals(host)) {
        throw new IllegalStateException(
            "this load JVM's RMI listens on " + address + ", not " + host);
      }
      return;
    }
    InetAddress bind = InetAddress.getByName(host);
    System.setProperty("java.rmi.server.hostname", host);
    // read once, when JMeter's RmiUtils loads: before any engine or controller uses it
    JMeterUtils.setProperty("server.rmi.ssl.disable", "true");
    RMISocketFactory.setSocketFactory(
        new RMISocketFactory() {
          @Override
          public Socket createSocket(String to, int port) throws IOException {
            return new Socket(to, port);
          }

          @Override
          public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, bind);
          }
        });
    address = host;
  }
}
