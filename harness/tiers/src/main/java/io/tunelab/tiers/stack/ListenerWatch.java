package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The processes behind a stack's loopback endpoints (the database's, the broker's and the mocks'
 * port), found once and again only when the process found is gone (a container restarted): the
 * observer asks every second, and a search reads every process's descriptors. A port where no
 * process shows is searched again at most every {@link #RETRY}.
 */
final class ListenerWatch {
  static final Duration RETRY = Duration.ofSeconds(30);

  private final Map<String, Integer> ports = new LinkedHashMap<>();
  private final LoopbackListeners listeners;
  private final Map<String, ProcessHandle> found = new HashMap<>();
  private final Map<String, Long> lastSearch = new HashMap<>();

  ListenerWatch(Endpoints endpoints, LoopbackListeners listeners) {
    this.listeners = listeners;
    put(TierName.DB, LoopbackListeners.loopbackPort(endpoints.db()));
    put(TierName.BROKER, LoopbackListeners.loopbackPort(endpoints.broker()));
    // one JVM serves every mock: any one of its ports finds it
    put(TierName.MOCKS, LoopbackListeners.loopbackPort(Backend.SIEBEL.url(endpoints)));
  }

  private void put(TierName tier, OptionalInt port) {
    port.ifPresent(p -> ports.put(tier.label(), p));
  }

  /** Each tier whose process shows, with it. */
  synchronized Map<String, List<ProcessHandle>> processes() {
    Map<String, List<ProcessHandle>> processes = new LinkedHashMap<>();
    ports.forEach(
        (tier, port) -> {
          ProcessHandle process = found.get(tier);
          if (process == null || !process.isAlive()) {
            found.remove(tier);
            long now = System.nanoTime();
            Long last = lastSearch.get(tier);
            if (last == null || now - last >= RETRY.toNanos()) {
              lastSearch.put(tier, now);
              listeners.listeningOn(port).ifPresent(p -> found.put(tier, p));
            }
            process = found.get(tier);
          }
          if (process != null) {
            processes.put(tier, List.of(process));
          }
        });
    return processes;
  }
}
