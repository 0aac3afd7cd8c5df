package io.tunelab.tiers.broker;

import io.tunelab.core.BadInputException;
import java.util.Arrays;

/**
 * tunelab's marker on a broker: the address {@value #ADDRESS}, which tunelab's {@code broker.xml}
 * declares. The harness empties queues and rolls back prepared transactions only on a broker that
 * carries it, so a broker it was merely pointed at ({@code --provider external}) is never harmed.
 */
public final class BrokerMarker {
  /** The address tunelab's broker.xml declares. */
  public static final String ADDRESS = "tunelab.marker";

  private BrokerMarker() {}

  /** Whether the broker declares {@value #ADDRESS}, as its management lists its addresses. */
  public static boolean present(BrokerManagement management) {
    Object names = management.brokerAttribute("addressNames");
    return names instanceof Object[] array && Arrays.asList(array).contains(ADDRESS);
  }

  /**
   * @throws BadInputException naming the broker, the marker and the fix when it is absent
   */
  static void require(BrokerManagement management, String url) {
    if (!present(management)) {
      throw new BadInputException(
          "the broker at "
              + url
              + " does not carry tunelab's marker (the address "
              + ADDRESS
              + " of harness/broker/config/broker.xml), so tunelab will not empty its queues or"
              + " roll back its transactions: run a broker configured by that broker.xml (as"
              + " docker compose does) or let tunelab start its own (--provider embedded)");
    }
  }
}
