package io.tunelab.tiers.middleware;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRules;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.Knobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the middleware tier is told: its settings file, but for the stack's endpoints, and the flags
 * of its JVM.
 *
 * @param settings settings key to value, spelled as the middleware's settings file spells them
 *     ({@code delivery.policy=async.persist}, {@code diagnostics=on}, {@code
 *     messages.persistent=true}); never an endpoint or {@code http.port}, which {@link #properties}
 *     adds
 * @param jvmFlags flags of the middleware JVM (heap, young generation, collector, extra flags)
 * @param instances middleware JVMs to start with these settings and flags, 1 or more
 */
public record MiddlewareConfig(Map<String, String> settings, List<String> jvmFlags, int instances) {
  /**
   * Settings keys that come from the stack and the tier, never from knobs. {@code billing.port} and
   * {@code sort.port} are left at 0 (a free port): the tier reads the bound URLs back from {@code
   * /status}.
   */
  public static final List<String> ENDPOINT_KEYS =
      List.of(
          "db.url",
          "db.user",
          "db.password",
          "broker.url",
          "broker.user",
          "broker.password",
          "siebel.url",
          "brm.url",
          "driver.url",
          "http.port",
          "billing.port",
          "sort.port");

  /**
   * Settings that must agree with another tier, so they follow that tier's knob instead of having
   * their own: the middleware records an order as faulted on the broker's last delivery attempt.
   */
  public static final Map<String, Knob<?>> FOLLOWED_KNOBS =
      Map.of("redelivery.maxAttempts", BrokerKnobs.MAX_DELIVERY_ATTEMPTS);

  /** Boolean settings the file spells {@code true}/{@code false}; the others are on/off. */
  private static final Set<String> TRUE_FALSE_KEYS = Set.of("messages.persistent");

  private static final String JVM_PREFIX = Knobs.MIDDLEWARE_PREFIX + "jvm.";

  /** The settings key of {@code middleware.role}: one role, or one per instance. */
  static final String ROLE_KEY = settingsKey(MiddlewareKnobs.ROLE);

  public MiddlewareConfig {
    Objects.requireNonNull(settings, "settings");
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    jvmFlags = List.copyOf(jvmFlags);
    if (instances < 1) {
      throw new IllegalArgumentException("instances must be 1 or more, was " + instances);
    }
    int roles = settings.getOrDefault(ROLE_KEY, "").split(",").length;
    if (roles > 1 && roles != instances) {
      throw new IllegalArgumentException(
          roles + " roles for " + instances + " instances: " + settings.get(ROLE_KEY));
    }
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      if (ENDPOINT_KEYS.contains(setting.getKey())) {
        throw new IllegalArgumentException(
            setting.getKey() + " comes from the stack's endpoints, not from the settings");
      }
      if (setting.getValue().contains("\n") || setting.getValue().contains("\r")) {
        throw new BadInputException(
            "middleware setting " + setting.getKey() + " must be on one line");
      }
    }
  }

  /** One middleware JVM with these settings and flags. */
  public MiddlewareConfig(Map<String, String> settings, List<String> jvmFlags) {
    this(settings, jvmFlags, 1);
  }

  /** The untuned middleware: every knob at its default. */
  public static MiddlewareConfig defaults() {
    return from(KnobSet.defaults());
  }

  /**
   * The settings and JVM flags the {@code middleware.*} knobs of a set ask for.
   *
   * @throws BadInputException when the knobs break a rule the middleware depends on (XA, young
   *     generation)
   */
  public static MiddlewareConfig from(KnobSet knobs) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (Knob<?> knob : knobs.declared()) {
      if (isSetting(knob)) {
        String key = settingsKey(knob);
        settings.put(key, spelling(key, knob, knobs.get(knob)));
      }
    }
    FOLLOWED_KNOBS.forEach((key, knob) -> settings.put(key, spelling(key, knob, knobs.get(knob))));
    KnobRules.require(
        knobs,
        KnobRules.XA_NEEDS_PREPARED_TRANSACTIONS,
        KnobRules.YOUNG_GENERATION_FITS_THE_HEAP,
        KnobRules.INITIAL_HEAP_FITS_THE_HEAP,
        KnobRules.MIDDLEWARE_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOBS,
        KnobRules.MIDDLEWARE_POOLS_FIT_THE_DATABASE,
        KnobRules.ROLES_NAME_EVERY_INSTANCE);
    List<String> flags =
        jvmFlags(
            knobs.get(MiddlewareKnobs.INITIAL_HEAP),
            knobs.get(MiddlewareKnobs.HEAP),
            knobs.get(MiddlewareKnobs.YOUNG),
            knobs.get(MiddlewareKnobs.COLLECTOR),
            knobs.get(MiddlewareKnobs.JVM_FLAGS));
    return new MiddlewareConfig(settings, flags, knobs.get(MiddlewareKnobs.INSTANCES));
  }

  /**
   * What instance {@code n} (from 1) is told on its own: every setting, but its own role where
   * {@code middleware.role} names one per instance.
   */
  public MiddlewareConfig instance(int n) {
    if (n < 1 || n > instances) {
      throw new IllegalArgumentException("instance " + n + " of " + instances);
    }
    Map<String, String> own = new LinkedHashMap<>(settings);
    String[] roles = settings.getOrDefault(ROLE_KEY, "").split(",");
    if (roles.length > 1) {
      own.put(ROLE_KEY, roles[n - 1]);
    }
    return new MiddlewareConfig(own, jvmFlags, 1);
  }

  /**
   * Whether the knob is a key of the middleware's settings file (not a JVM knob, nor the number of
   * instances, which the tier starts).
   */
  public static boolean isSetting(Knob<?> knob) {
    return knob.tier() == KnobTier.MIDDLEWARE
        && knob.name().startsWith(Knobs.MIDDLEWARE_PREFIX)
        && !knob.name().startsWith(JVM_PREFIX)
        && knob != MiddlewareKnobs.INSTANCES;
  }

  static final String EXIT_ON_OUT_OF_MEMORY = "-XX:+ExitOnOutOfMemoryError";

  /** The settings key a middleware knob sets: its name without {@code middleware.}. */
  public static String settingsKey(Knob<?> knob) {
    return knob.name().substring(Knobs.MIDDLEWARE_PREFIX.length());
  }

  private static String spelling(String key, Knob<?> knob, Object value) {
    if (value instanceof Boolean on) {
      return TRUE_FALSE_KEYS.contains(key) ? on.toString() : on ? "on" : "off";
    }
    return knob.format(value);
  }

  /**
   * Heap bounds (an initial heap of 0: 256 MB or the maximum if smaller), young generation,
   * collector, exit on out-of-memory, then the free-form flags (which a rule keeps from setting the
   * heap or the collector again).
   *
   * <p>A JVM out of heap otherwise lives on with its threads dead: the status endpoint and the
   * services stop answering, the load generator's requests wait, and the run hangs instead of
   * failing. Exiting lets the harness see the death and name it ({@link MiddlewareTier#death}).
   */
  static List<String> jvmFlags(
      int initialHeapMegabytes,
      int heapMegabytes,
      int youngMegabytes,
      MiddlewareKnobs.Collector collector,
      String extra) {
    List<String> flags = new ArrayList<>();
    int initial = initialHeapMegabytes > 0 ? initialHeapMegabytes : Math.min(256, heapMegabytes);
    flags.add("-Xms" + initial + "m");
    flags.add("-Xmx" + heapMegabytes + "m");
    if (youngMegabytes > 0) {
      flags.add("-Xmn" + youngMegabytes + "m");
    }
    flags.add(
        switch (collector) {
          case PARALLEL -> "-XX:+UseParallelGC";
          case SERIAL -> "-XX:+UseSerialGC";
          case G1 -> "-XX:+UseG1GC";
        });
    flags.add(EXIT_ON_OUT_OF_MEMORY);
    for (String flag : extra.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        flags.add(flag);
      }
    }
    return flags;
  }

  /**
   * The whole settings file but the passwords: the stack's endpoints, the status port, then the
   * settings. The file lands in the run's results, which get shared; the passwords reach the
   * middleware in its environment ({@link #secrets}).
   *
   * @param httpPort port of the middleware's status endpoint on 127.0.0.1, 0 for any free one
   */
  public String properties(Endpoints endpoints, int httpPort) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("db.url", endpoints.db());
    all.put("db.user", endpoints.middlewareDbUser());
    all.put("broker.url", endpoints.broker());
    all.put("broker.user", endpoints.brokerUser());
    for (Backend backend : Backend.values()) {
      all.put(backend.label() + ".url", backend.url(endpoints));
    }
    all.put("http.port", Integer.toString(httpPort));
    all.putAll(settings);
    StringBuilder file =
        new StringBuilder("# tunelab middleware settings, written from the middleware.* knobs\n");
    all.forEach((key, value) -> file.append(key).append('=').append(escape(value)).append('\n'));
    return file.toString();
  }

  /**
   * The stack's passwords as the middleware reads them from its environment (the variables of
   * {@code SettingsReader.SECRET_VARIABLES}): never in a file, never on a command line.
   */
  public static Map<String, String> secrets(Endpoints endpoints) {
    return Map.of(
        DB_PASSWORD_VARIABLE, endpoints.middlewareDbPassword(),
        BROKER_PASSWORD_VARIABLE, endpoints.brokerPassword());
  }

  /** The middleware's variable for the database password (its {@code db.password}). */
  public static final String DB_PASSWORD_VARIABLE = "TUNELAB_MIDDLEWARE_DB_PASSWORD";

  /** The middleware's variable for the broker password (its {@code broker.password}). */
  public static final String BROKER_PASSWORD_VARIABLE = "TUNELAB_MIDDLEWARE_BROKER_PASSWORD";

  /** Escapes a value as {@link java.util.Properties#load} reads it back unchanged. */
  static String escape(String value) {
    StringBuilder escaped = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> escaped.append("\\\\");
        case '\t' -> escaped.append("\\t");
        case '\f' -> escaped.append("\\f");
        case '\n' -> escaped.append("\\n");
        case '\r' -> escaped.append("\\r");
        case ' ' -> escaped.append(i == 0 ? "\\ " : " ");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            escaped.append(String.format("\\u%04x", (int) c));
          } else {
            escaped.append(c);
          }
        }
      }
    }
    return escaped.toString();
  }
}
