package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.Tier;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A stack whose tiers this controller did not start (containers, other hosts, another controller's
 * stack): it has endpoints but no tiers of its own, and closing it runs {@code onClose}. The
 * processes behind its loopback endpoints are watched for their CPU ({@link ListenerWatch}); its
 * logs are what the provider saved of them ({@link #logFiles()}).
 */
record RemoteStack(
    String provider,
    Endpoints endpoints,
    Map<String, Long> startMillis,
    Runnable onClose,
    ListenerWatch watch,
    Map<String, Path> logFiles)
    implements Stack {
  RemoteStack(
      String provider, Endpoints endpoints, Map<String, Long> startMillis, Runnable onClose) {
    this(provider, endpoints, startMillis, onClose, Map.of());
  }

  /**
   * @param logFiles where {@code onClose} leaves each tier's log, by tier name
   */
  RemoteStack(
      String provider,
      Endpoints endpoints,
      Map<String, Long> startMillis,
      Runnable onClose,
      Map<String, Path> logFiles) {
    this(
        provider,
        endpoints,
        startMillis,
        onClose,
        new ListenerWatch(endpoints, LoopbackListeners.ofThisMachine()),
        Map.copyOf(logFiles));
  }

  @Override
  public String id() {
    return provider;
  }

  @Override
  public List<Tier> tiers() {
    return List.of();
  }

  @Override
  public Map<String, List<ProcessHandle>> watchedProcesses() {
    return watch.processes();
  }

  @Override
  public void close() {
    onClose.run();
  }
}
