package io.tunelab.mocks.extension;

import static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.jsonResponse;

import com.github.tomakehurst.wiremock.admin.Router;
import com.github.tomakehurst.wiremock.common.Json;
import com.github.tomakehurst.wiremock.core.Options;
import com.github.tomakehurst.wiremock.extension.AdminApiExtension;
import com.github.tomakehurst.wiremock.global.GlobalSettings;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tunelab part of a server's admin API, under {@code /__admin/tunelab}:
 *
 * <ul>
 *   <li>{@code GET counts}: answered requests per operation since the last reset
 *   <li>{@code GET events?since=N&limit=M}: answered requests after sequence number N, oldest first
 *       (limit 1..{@value #MAX_LIMIT}, default {@value #DEFAULT_LIMIT})
 *   <li>{@code POST reset}: forgets counts and events; sequence numbers continue
 *   <li>{@code GET settings}: what the server really runs with (threads, async responses, delay,
 *       fault rate and kind, the line counts set)
 *   <li>{@code POST settings} with {@code {"faultRate": 0.1}}, {@code {"faultKind": "reset"}}
 *       and/or {@code {"repeats": {"invoices": 40}}}: sets the fault rate (0..1), how a drawn
 *       request fails (a SOAP Fault, or a reset, empty, malformed or garbage answer) and the lines
 *       of repeated sections (0..{@value RepeatCounts#MAX}); all or nothing
 * </ul>
 */
final class TunelabAdminApi implements AdminApiExtension {
  static final String NAME = "tunelab-admin-api";
  static final int DEFAULT_LIMIT = 10_000;
  static final int MAX_LIMIT = 100_000;
  private static final java.util.Set<String> SETTINGS =
      java.util.Set.of("faultRate", "faultKind", "repeats");
  private static final String SETTINGS_USAGE =
      "the body must be a JSON object with faultRate (a number from 0 to 1), faultKind (soap,"
          + " reset, empty, malformed, garbage or truncated) and/or repeats (lines per repeated section),"
          + " e.g. {\"faultRate\": 0.1, \"faultKind\": \"reset\"} or {\"repeats\":"
          + " {\"invoices\": 40}}; latency is set through POST /__admin/settings"
          + " (delayDistribution)";

  private final ServedRequests served;
  private final FaultInjection faults;
  private final RepeatCounts repeats;
  private final Options options;

  TunelabAdminApi(
      ServedRequests served, FaultInjection faults, RepeatCounts repeats, Options options) {
    this.served = served;
    this.faults = faults;
    this.repeats = repeats;
    this.options = options;
  }

  @Override
  public void contributeAdminApiRoutes(Router router) {
    router.add(RequestMethod.GET, "/tunelab/counts", (admin, event, params) -> ok(served.counts()));
    router.add(RequestMethod.GET, "/tunelab/events", (admin, event, params) -> events(event));
    router.add(
        RequestMethod.POST,
        "/tunelab/reset",
        (admin, event, params) -> ok(Map.of("lastSequence", served.reset())));
    router.add(
        RequestMethod.GET,
        "/tunelab/settings",
        (admin, event, params) -> ok(settings(admin.getGlobalSettings().getSettings())));
    router.add(
        RequestMethod.POST,
        "/tunelab/settings",
        (admin, event, params) -> updateSettings(event, admin.getGlobalSettings().getSettings()));
  }

  private ResponseDefinition events(ServeEvent event) {
    try {
      long since = longParameter(event, "since", 0);
      long limit = longParameter(event, "limit", DEFAULT_LIMIT);
      if (since < 0 || limit < 1 || limit > MAX_LIMIT) {
        return badRequest(
            "since must be 0 or more and limit 1.." + MAX_LIMIT + ", were " + since + ", " + limit);
      }
      return ok(served.since(since, (int) limit));
    } catch (NumberFormatException e) {
      return badRequest("since and limit must be whole numbers: " + e.getMessage());
    }
  }

  private ResponseDefinition updateSettings(ServeEvent event, GlobalSettings global) {
    Map<?, ?> body;
    try {
      body = Json.read(event.getRequest().getBodyAsString(), Map.class);
    } catch (RuntimeException e) {
      return badRequest(SETTINGS_USAGE);
    }
    if (body == null || body.isEmpty() || !SETTINGS.containsAll(body.keySet())) {
      return badRequest(SETTINGS_USAGE);
    }
    Object rate = body.get("faultRate");
    if (body.containsKey("faultRate") && !(rate instanceof Number)) {
      return badRequest("faultRate must be a number from 0 to 1, was " + rate);
    }
    Object kind = body.get("faultKind");
    if (body.containsKey("faultKind") && !(kind instanceof String)) {
      return badRequest(
          "faultKind must be a word (soap, reset, empty, malformed, garbage, truncated)");
    }
    try {
      Map<String, Integer> counts = counts(body.get("repeats"));
      if (rate != null) {
        faults.requireRate(((Number) rate).doubleValue());
      }
      FaultInjection.Kind newKind = kind == null ? null : FaultInjection.Kind.of((String) kind);
      repeats.set(counts);
      if (rate != null) {
        faults.setRate(((Number) rate).doubleValue());
      }
      if (newKind != null) {
        faults.setKind(newKind);
      }
    } catch (IllegalArgumentException e) {
      return badRequest(e.getMessage());
    }
    return ok(settings(global));
  }

  /** The line counts asked for, checked as whole numbers; none when {@code value} is null. */
  private static Map<String, Integer> counts(Object value) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> asked)) {
      throw new IllegalArgumentException(
          "repeats must be an object of section names and lines, e.g. {\"invoices\": 40}");
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : asked.entrySet()) {
      String name = String.valueOf(entry.getKey());
      Object lines = entry.getValue();
      boolean whole =
          lines instanceof Number number
              && number.doubleValue() == Math.rint(number.doubleValue())
              && Math.abs(number.doubleValue()) <= Integer.MAX_VALUE;
      RepeatCounts.requireName(name);
      if (!whole) {
        throw new IllegalArgumentException(
            "the lines of section "
                + name
                + " must be a whole number 0.."
                + RepeatCounts.MAX
                + ", was "
                + lines);
      }
      RepeatCounts.requireCount(name, ((Number) lines).intValue());
      counts.put(name, ((Number) lines).intValue());
    }
    return counts;
  }

  private Map<String, Object> settings(GlobalSettings global) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("containerThreads", options.containerThreads());
    settings.put("asyncResponses", options.getAsynchronousResponseSettings().isEnabled());
    settings.put("asyncResponseThreads", options.getAsynchronousResponseSettings().getThreads());
    settings.put("fixedDelayMillis", global.getFixedDelay());
    // Through GlobalSettings, whose declared field type makes Jackson write the "type" id.
    settings.put(
        "delayDistribution", Json.read(Json.write(global), Map.class).get("delayDistribution"));
    settings.put("faultRate", faults.rate());
    settings.put("faultKind", faults.kind().label());
    settings.put("repeats", repeats.all());
    return settings;
  }

  private static long longParameter(ServeEvent event, String name, long defaultValue) {
    QueryParameter parameter = event.getRequest().queryParameter(name);
    return parameter == null || !parameter.isPresent()
        ? defaultValue
        : Long.parseLong(parameter.firstValue().trim());
  }

  private static ResponseDefinition ok(Object body) {
    return jsonResponse(body, 200);
  }

  private static ResponseDefinition badRequest(String message) {
    return jsonResponse(Map.of("error", message), 400);
  }

  @Override
  public String getName() {
    return NAME;
  }
}
