package io.tunelab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.FlowQueue;
import io.tunelab.tiers.broker.QueueCounters;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.mocks.MockSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the tiers themselves say they run with, recorded per step so a result shows its knobs
 * reached the tiers: consumers per queue from the broker's management, the xref indexes from
 * pg_indexes, server settings from SHOW, the mocks' own settings, the middleware's /status (with
 * its billing-care server's threads and counters).
 */
final class ReadBack {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReadBack() {}

  static Map<String, Object> of(RunTiers tiers, KnobSet knobs) {
    Endpoints endpoints = tiers.endpoints();
    Map<String, Object> read = new LinkedHashMap<>();
    read.put("broker.consumers", consumers(endpoints));
    try (BrokerManagement management = BrokerManagement.of(endpoints)) {
      read.put("broker.journal", BrokerJournal.effective(management.attributes()));
    }
    Database database = Database.of(endpoints);
    read.put("db.xrefIndexPresent", database.xrefIndexPresent());
    read.put("db.server", database.show(knobs.serverSettings().keySet().toArray(String[]::new)));
    for (Backend backend : Backend.values()) {
      if (endpoints.serves(backend)) {
        read.put("mocks." + backend.label(), mock(tiers.mock(backend).settings()));
      }
    }
    JsonNode status = tiers.middleware().status();
    Map<String, Object> effective = JSON.convertValue(status.path("settings"), Map.class);
    // Results get shared; credentials stay out of them.
    effective.keySet().removeIf(key -> key.toLowerCase(java.util.Locale.ROOT).contains("password"));
    read.put("middleware.settings", effective);
    read.put(
        "middleware.inputArguments", JSON.convertValue(status.path("inputArguments"), List.class));
    List<JsonNode> statuses = tiers.middleware().statuses();
    if (statuses.size() > 1) {
      // each instance's role as it says it (middleware.role: one for all, or one each)
      read.put(
          "middleware.instanceRoles",
          statuses.stream().map(each -> each.path("settings").path("role").asText()).toList());
    }
    // the billing-care server's own view (threads, peak concurrency, requests served), from the
    // first instance that opens it
    statuses.stream()
        .filter(each -> each.has("billing"))
        .findFirst()
        .ifPresent(
            each ->
                read.put("middleware.billing", JSON.convertValue(each.path("billing"), Map.class)));
    return read;
  }

  /** Consumers attached to each tunelab queue, as the broker counts them. */
  static Map<String, Integer> consumers(Endpoints endpoints) {
    Map<String, Integer> consumers = new LinkedHashMap<>();
    try (BrokerManagement management = BrokerManagement.of(endpoints)) {
      for (QueueCounters queue : management.queues().values()) {
        if (FlowQueue.isTunelab(queue.name())) {
          consumers.put(queue.name(), queue.consumerCount());
        }
      }
    }
    return consumers;
  }

  private static Map<String, Object> mock(MockSettings settings) {
    Map<String, Object> mock = new LinkedHashMap<>();
    mock.put("containerThreads", settings.containerThreads());
    mock.put("latency", settings.latency().text());
    mock.put("faultRate", settings.faultRate());
    mock.put("faultKind", settings.faultKind().label());
    if (!settings.repeats().isEmpty()) {
      // the lines of BRM's billing-care answers, as the mock will render them
      mock.put("repeats", settings.repeats());
    }
    return mock;
  }
}
