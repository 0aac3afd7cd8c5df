package io.tunelab.middleware.config;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.config.MiddlewareSettings.DeliveryPolicy;
import io.tunelab.middleware.config.MiddlewareSettings.Fetcher;
import io.tunelab.middleware.config.MiddlewareSettings.InstancePersistence;
import io.tunelab.middleware.config.MiddlewareSettings.Intake;
import io.tunelab.middleware.config.MiddlewareSettings.Navigation;
import io.tunelab.middleware.config.MiddlewareSettings.ParseIn;
import io.tunelab.middleware.config.MiddlewareSettings.Role;
import io.tunelab.middleware.config.MiddlewareSettings.SortSql;
import io.tunelab.middleware.config.MiddlewareSettings.StateCompression;
import io.tunelab.middleware.config.MiddlewareSettings.Transactions;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@link MiddlewareSettings} from a properties file, strictly: an unknown key, a missing
 * endpoint, a value of the wrong type, out of range or not among the allowed ones is a {@link
 * SettingsException} naming the key and what it accepts. Defaults are the untuned middleware of the
 * studies (one consumer per queue, every instance and its payloads written, async.persist).
 */
public final class SettingsReader {
  /** Every key the file may hold; endpoints are required, the rest have defaults. */
  public static final List<String> ENDPOINT_KEYS =
      List.of("db.url", "db.user", "db.password", "broker.url", "siebel.url", "brm.url");

  /**
   * The environment variable that gives a password when the file leaves it out, by settings key:
   * how the harness passes secrets, so that no settings file it writes holds one.
   */
  public static final Map<String, String> SECRET_VARIABLES =
      Map.of(
          "db.password", "TUNELAB_MIDDLEWARE_DB_PASSWORD",
          "broker.password", "TUNELAB_MIDDLEWARE_BROKER_PASSWORD");

  private final Properties properties;
  private final String source;
  private final Map<String, String> env;
  private final Set<String> read = new HashSet<>();

  private SettingsReader(Properties properties, String source, Map<String, String> env) {
    this.properties = properties;
    this.source = source;
    this.env = env;
  }

  /** Reads the file, passwords it leaves out from this process's environment. */
  public static MiddlewareSettings read(Path file) {
    return read(file, System.getenv());
  }

  /** Reads the file, passwords it leaves out from {@code env}; see the class comment. */
  public static MiddlewareSettings read(Path file, Map<String, String> env) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new SettingsException("cannot read the settings file " + file + ": " + e.getMessage());
    }
    return new SettingsReader(properties, file.toString(), env).settings();
  }

  /** Reads settings from properties, {@code source} naming them in messages. */
  public static MiddlewareSettings from(Properties properties, String source) {
    return from(properties, source, Map.of());
  }

  /** Reads settings from properties, passwords they leave out from {@code env}. */
  public static MiddlewareSettings from(
      Properties properties, String source, Map<String, String> env) {
    return new SettingsReader(properties, source, env).settings();
  }

  private MiddlewareSettings settings() {
    Map<Stage, Integer> consumers = new EnumMap<>(Stage.class);
    for (Stage stage : Stage.values()) {
      consumers.put(stage, integer("consumers." + stage.key(), 1, 1, 256));
    }
    MiddlewareSettings settings =
        new MiddlewareSettings(
            required("db.url"),
            required("db.user"),
            secret("db.password"),
            required("broker.url"),
            text("broker.user", ""),
            secret("broker.password"),
            required("siebel.url"),
            required("brm.url"),
            text("driver.url", ""),
            integer("http.port", 0, 0, 65535),
            choice("intake", Intake.JMS, Intake.class),
            choice("role", Role.ALL, Role.class),
            consumers,
            integer("consumer.windowBytes", 1024 * 1024, -1, 64 * 1024 * 1024),
            integer("engine.threads", 4, 1, 512),
            integer("invoke.connections", 20, 1, 1024),
            integer("invoke.timeoutMillis", 30_000, 100, 600_000),
            integer("invoke.retries", 2, 0, 10),
            choice("instance.persistence", InstancePersistence.ALWAYS, InstancePersistence.class),
            choice("instance.stateCompression", StateCompression.NONE, StateCompression.class),
            choice("audit.level", AuditLevel.DEVELOPMENT, AuditLevel.class),
            choice("delivery.policy", DeliveryPolicy.ASYNC_PERSIST, DeliveryPolicy.class),
            choice("transactions", Transactions.LOCAL, Transactions.class),
            integer("jdbc.poolSize", 10, 1, 500),
            integer("jdbc.prepareThreshold", 5, 0, 1_000_000),
            integer("jdbc.statementCacheQueries", 256, 0, 100_000),
            new Fetcher(
                integer("fetchers", 1, 1, 64),
                integer("fetcher.pollingMillis", 1000, 1, 600_000),
                integer("fetcher.submitMillis", 0, 0, 60_000),
                integer("fetcher.poolSize", 10, 1, 10_000)),
            onOff("diagnostics", true),
            onOff("metrics", false),
            bool("messages.persistent", true),
            integer("redelivery.maxAttempts", 5, 1, 1000),
            billing(),
            new MiddlewareSettings.Messaging(
                integer("messaging.queues", 1, 1, 16),
                integer("messaging.dequeueThreads", 1, 1, 64),
                choice("messaging.navigation", Navigation.NEXT, Navigation.class),
                onOff("messaging.exclusive", false)),
            new MiddlewareSettings.Sort(
                integer("sort.port", 0, 0, 65535),
                integer("sort.serverThreads", 25, 1, 1024),
                choice("sort.parseIn", ParseIn.DATABASE, ParseIn.class),
                choice("sort.sql", SortSql.LITERAL, SortSql.class)));
    rejectUnknownKeys();
    return settings;
  }

  private MiddlewareSettings.Billing billing() {
    return new MiddlewareSettings.Billing(
        integer("billing.port", 0, 0, 65535),
        integer("billing.serverThreads", 25, 1, 1024),
        integer("billing.brmConnections", 20, 1, 1024),
        choice(
            "billing.instancePersistence", InstancePersistence.ALWAYS, InstancePersistence.class),
        choice("billing.auditLevel", AuditLevel.DEVELOPMENT, AuditLevel.class),
        onOff("billing.tracking", true));
  }

  private void rejectUnknownKeys() {
    Set<String> unknown = new TreeSet<>(properties.stringPropertyNames());
    unknown.removeAll(read);
    if (!unknown.isEmpty()) {
      throw new SettingsException(
          source + ": unknown setting(s) " + unknown + "; known settings: " + new TreeSet<>(read));
    }
  }

  private String value(String key) {
    read.add(key);
    String value = properties.getProperty(key);
    return value == null ? null : value.trim();
  }

  private String required(String key) {
    String value = value(key);
    if (value == null || value.isEmpty()) {
      throw new SettingsException(source + ": " + key + " is required (an endpoint of the stack)");
    }
    return value;
  }

  private String text(String key, String fallback) {
    String value = value(key);
    return value == null ? fallback : value;
  }

  /** A password: the file's value, else its {@link #SECRET_VARIABLES} variable, else empty. */
  private String secret(String key) {
    String value = text(key, null);
    return value != null ? value : env.getOrDefault(SECRET_VARIABLES.get(key), "");
  }

  private int integer(String key, int fallback, int min, int max) {
    String value = value(key);
    if (value == null) {
      return fallback;
    }
    try {
      int parsed = Integer.parseInt(value);
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the allowed range
    }
    throw new SettingsException(
        source + ": " + key + " must be an integer " + min + ".." + max + ", was '" + value + "'");
  }

  private boolean bool(String key, boolean fallback) {
    String value = value(key);
    if (value == null) {
      return fallback;
    }
    if (value.equals("true") || value.equals("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new SettingsException(
        source + ": " + key + " must be true or false, was '" + value + "'");
  }

  private boolean onOff(String key, boolean fallback) {
    String value = value(key);
    if (value == null) {
      return fallback;
    }
    if (value.equals("on") || value.equals("off")) {
      return value.equals("on");
    }
    throw new SettingsException(source + ": " + key + " must be on or off, was '" + value + "'");
  }

  private <E extends Enum<E>> E choice(String key, E fallback, Class<E> type) {
    String value = value(key);
    if (value == null) {
      return fallback;
    }
    for (E constant : type.getEnumConstants()) {
      if (spelling(constant).equals(value)) {
        return constant;
      }
    }
    List<String> allowed =
        Arrays.stream(type.getEnumConstants()).map(SettingsReader::spelling).toList();
    throw new SettingsException(
        source + ": " + key + " must be one of " + allowed + ", was '" + value + "'");
  }

  /** How a choice is written in a file: {@code ASYNC_PERSIST} is {@code async.persist}. */
  public static String spelling(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '.');
  }
}
