package io.tunelab.core.findings;

/**
 * Database connections and the middleware's pool over the measured window.
 *
 * @param maxConnections the server's {@code max_connections} (0 when unknown)
 * @param peakConnections the most backends connected at once (client sessions)
 * @param poolSamples samples of the middleware's pool
 * @param poolSamplesWithWaiters of which had at least one thread waiting for a connection
 * @param peakPoolWaiters the most threads waiting at once
 * @param refusals connections the database refused the middleware's pool (SQLSTATE 53300) from its
 *     start to the window's end
 */
public record Connections(
    int maxConnections,
    int peakConnections,
    long poolSamples,
    long poolSamplesWithWaiters,
    int peakPoolWaiters,
    long refusals) {

  public static Connections none() {
    return new Connections(0, 0, 0, 0, 0, 0);
  }
}
