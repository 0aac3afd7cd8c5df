package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Connects to tiers someone else runs ({@code docker compose up}, other hosts). It has no
 * lifecycle: it starts nothing and stops nothing; tier settings that need a restart cannot be
 * applied by it. Each endpoint must accept connections, or the start fails naming the tier.
 */
public final class ExternalProvider implements StackProvider {
  public static final String NAME = "external";
  private static final int CONNECT_TIMEOUT_MILLIS = 3_000;

  private final Supplier<Endpoints> endpoints;

  private ExternalProvider(Supplier<Endpoints> endpoints) {
    this.endpoints = endpoints;
  }

  /**
   * Endpoints from a file in the {@code stack up --json} format, read now: a file that is not one
   * is bad input before any run folder or tier exists.
   *
   * @throws BadInputException naming what is wrong with the file
   */
  public static ExternalProvider fromFile(Path file) {
    Endpoints endpoints = EndpointsSource.fromFile(file);
    return new ExternalProvider(() -> endpoints);
  }

  /**
   * Endpoints from the {@code TUNELAB_*} environment variables, read now.
   *
   * @throws BadInputException naming a missing or malformed variable
   */
  public static ExternalProvider fromEnvironment() {
    Endpoints endpoints = EndpointsSource.fromEnvironment(System.getenv());
    return new ExternalProvider(() -> endpoints);
  }

  @Override
  public String name() {
    return NAME;
  }

  /**
   * Whether its endpoints name that back-end's mock (the file's {@code mocks.<label>} or its
   * variable).
   */
  @Override
  public boolean serves(Backend backend) {
    return endpoints.get().serves(backend);
  }

  /** The stack runs elsewhere: its settings are whatever it was started with. */
  @Override
  public boolean ownsTiers() {
    return false;
  }

  @Override
  public Stack start(StackConfig config) {
    Endpoints resolved = endpoints.get();
    long started = System.nanoTime();
    requireReachable("db", hostPort(resolved.db().substring("jdbc:".length())));
    requireReachable("broker", hostPort(resolved.broker()));
    for (Backend backend : Backend.values()) {
      if (resolved.serves(backend)) {
        requireReachable("mocks." + backend.label(), hostPort(backend.url(resolved)));
      }
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    // Not ours to stop: closing it leaves the tiers running.
    return new RemoteStack(NAME, resolved, Map.of("stack", millis), () -> {});
  }

  private static InetSocketAddress hostPort(String url) {
    URI uri = URI.create(url);
    int port = uri.getPort() > 0 ? uri.getPort() : defaultPort(uri.getScheme());
    return InetSocketAddress.createUnresolved(uri.getHost(), port);
  }

  private static int defaultPort(String scheme) {
    return switch (scheme) {
      case "postgresql" -> 5432;
      case "tcp" -> 61616;
      case "https" -> 443;
      default -> 80;
    };
  }

  private static void requireReachable(String tier, InetSocketAddress address) {
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(address.getHostString(), address.getPort()),
          CONNECT_TIMEOUT_MILLIS);
    } catch (IOException e) {
      throw new BadInputException(
          "the "
              + tier
              + " tier at "
              + address.getHostString()
              + ":"
              + address.getPort()
              + " is unreachable ("
              + e.getMessage()
              + "): start it (e.g. docker compose up -d) or fix the endpoint");
    }
  }
}
