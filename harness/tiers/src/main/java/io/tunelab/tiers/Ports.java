package io.tunelab.tiers;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Ports on the loopback interface, the only interface a tunelab tier listens on. */
public final class Ports {
  public static final String LOOPBACK = "127.0.0.1";

  /**
   * Every port this process handed out. The kernel may give the same free port to two bind(0) calls
   * in a row while neither is held yet: a stack whose ports were all picked before its tiers
   * started once gave the db and the mocks the same one, and the mocks failed to bind.
   */
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  /** Attempts at a port not handed out before. */
  static final int ATTEMPTS = 100;

  private Ports() {}

  /** A port nobody listens on right now, never one this process handed out before. */
  public static int free() {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = anyFree();
      if (HANDED_OUT.add(port)) {
        return port;
      }
    }
    throw new UncheckedIOException(
        new IOException(
            "no free port on "
                + LOOPBACK
                + " that this process had not handed out already, in "
                + ATTEMPTS
                + " attempts"));
  }

  private static int anyFree() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free port on " + LOOPBACK, e);
    }
  }

  /**
   * The port a tier should use: a free one when {@code requested} is 0, otherwise {@code
   * requested}, which must be free.
   *
   * @param what what wants the port, for the message, e.g. {@code "db.port"}
   */
  public static int resolve(int requested, String what) {
    if (requested == 0) {
      return free();
    }
    if (requested < 1 || requested > 65535) {
      throw new BadInputException(
          what + " must be 0 (any free port) or 1..65535, was " + requested);
    }
    if (isListening(requested)) {
      throw new BadInputException(
          what
              + " "
              + requested
              + " is already in use on "
              + LOOPBACK
              + ": stop what listens there (ss -ltnp 'sport = :"
              + requested
              + "') or choose another port, or 0 for any free port");
    }
    return requested;
  }

  /** Whether something accepts connections on the port. */
  public static boolean isListening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(LOOPBACK, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Attempts at starting a tier on ports picked here. */
  static final int START_ATTEMPTS = 3;

  /**
   * Starts a tier, and again on newly picked ports when it could not bind one. A port picked free
   * stays free only until someone binds it: while the tier's JVM starts, another process (a second
   * controller starting its stack, any outgoing connection given that ephemeral port) can take it.
   * Two test JVMs starting stacks at once lost that race in a verify.
   *
   * @param picked whether the tier's ports are picked by {@code start} itself (0 asked), so that
   *     another attempt gets other ones; a port the user chose is never tried again
   * @param start starts the tier, picking its ports
   */
  public static <T> T startRetryingTakenPorts(
      boolean picked, String tier, java.util.function.Supplier<T> start) {
    for (int attempt = 1; ; attempt++) {
      try {
        return start.get();
      } catch (TierStartException e) {
        if (!picked || attempt >= START_ATTEMPTS || !lostAPort(e)) {
          throw e;
        }
        org.slf4j.LoggerFactory.getLogger(Ports.class)
            .warn(
                "the {} tier could not bind a port picked free (another process took it first):"
                    + " starting it again on other ports (attempt {} of {})",
                tier,
                attempt + 1,
                START_ATTEMPTS);
      }
    }
  }

  /** Whether a failure says a port was bound by someone else. */
  static boolean lostAPort(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains("Address already in use")) {
        return true;
      }
    }
    return false;
  }
}
