package io.tunelab.core.stack;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where the tiers of a stack answer, as the middleware and the load generator reach them.
 *
 * @param db JDBC URL of the tunelab database, e.g. {@code jdbc:postgresql://127.0.0.1:5432/tunelab}
 * @param dbUser database user name
 * @param dbPassword database password
 * @param broker Artemis core URL, e.g. {@code tcp://127.0.0.1:61616}
 * @param brokerUser broker user name (empty when the broker runs without security)
 * @param brokerPassword broker password (empty when the broker runs without security)
 * @param mocks each back-end's mock by its base URL, e.g. Siebel's {@code http://127.0.0.1:8081}
 *     ({@link Backend#url} reads them); a back-end the stack lacks is absent, which only an {@link
 *     Backend#optional optional} one may be (the device driver of an external stack described
 *     before the messaging plan existed)
 * @param dbAppUser the database role the middleware connects as, not a superuser, so the harness's
 *     own sessions keep PostgreSQL's superuser-reserved slots when the middleware's pools use up
 *     {@code max_connections}; empty when the middleware uses {@code dbUser} (a stack described
 *     without one)
 * @param dbAppPassword that role's password (empty with it)
 */
public record Endpoints(
    String db,
    String dbUser,
    String dbPassword,
    String broker,
    String brokerUser,
    String brokerPassword,
    Map<Backend, String> mocks,
    String dbAppUser,
    String dbAppPassword) {

  /** Endpoints whose middleware connects as {@code dbUser}, as an external stack may want. */
  public Endpoints(
      String db,
      String dbUser,
      String dbPassword,
      String broker,
      String brokerUser,
      String brokerPassword,
      Map<Backend, String> mocks) {
    this(db, dbUser, dbPassword, broker, brokerUser, brokerPassword, mocks, "", "");
  }

  public Endpoints {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(dbUser, "dbUser");
    Objects.requireNonNull(dbPassword, "dbPassword");
    Objects.requireNonNull(broker, "broker");
    brokerUser = brokerUser == null ? "" : brokerUser;
    brokerPassword = brokerPassword == null ? "" : brokerPassword;
    mocks = served(mocks);
    dbAppUser = dbAppUser == null ? "" : dbAppUser;
    dbAppPassword = dbAppUser.isEmpty() || dbAppPassword == null ? "" : dbAppPassword;
  }

  // in the back-ends' order; an optional one given no URL left out, a required one required
  private static Map<Backend, String> served(Map<Backend, String> given) {
    Objects.requireNonNull(given, "mocks");
    Map<Backend, String> served = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      String url = given.get(backend);
      if (!backend.optional()) {
        served.put(backend, Objects.requireNonNull(url, backend.label()));
      } else if (url != null && !url.isEmpty()) {
        served.put(backend, url);
      }
    }
    return Collections.unmodifiableMap(served);
  }

  /** The database user the middleware connects as: the application role, or {@code dbUser}. */
  public String middlewareDbUser() {
    return dbAppUser.isEmpty() ? dbUser : dbAppUser;
  }

  /** The password of {@link #middlewareDbUser()}. */
  public String middlewareDbPassword() {
    return dbAppUser.isEmpty() ? dbPassword : dbAppPassword;
  }

  /** Whether the middleware connects as a role of its own (see {@code dbAppUser}). */
  public boolean hasDbAppUser() {
    return !dbAppUser.isEmpty();
  }

  /** This stack's endpoints with both passwords replaced by {@link #MASK} (when not empty). */
  public Endpoints masked() {
    return new Endpoints(
        db,
        dbUser,
        mask(dbPassword),
        broker,
        brokerUser,
        mask(brokerPassword),
        mocks,
        dbAppUser,
        mask(dbAppPassword));
  }

  /** What stands for a password that is not shown. */
  public static final String MASK = "********";

  /** Whether {@code password} is {@link #MASK}: a password left out of a file on purpose. */
  public static boolean isMasked(String password) {
    return MASK.equals(password);
  }

  private static String mask(String password) {
    return password.isEmpty() ? password : MASK;
  }

  /** The endpoints without the passwords: a log line or a message never shows one. */
  @Override
  public String toString() {
    Endpoints shown = masked();
    StringBuilder text =
        new StringBuilder("Endpoints[db=")
            .append(db)
            .append(", dbUser=")
            .append(dbUser)
            .append(", dbPassword=")
            .append(shown.dbPassword)
            .append(", broker=")
            .append(broker)
            .append(", brokerUser=")
            .append(brokerUser)
            .append(", brokerPassword=")
            .append(shown.brokerPassword);
    for (Backend backend : Backend.values()) {
      text.append(", ").append(backend.label()).append('=').append(backend.url(this));
    }
    return text.append(", dbAppUser=")
        .append(dbAppUser)
        .append(", dbAppPassword=")
        .append(shown.dbAppPassword)
        .append(']')
        .toString();
  }

  /** Whether the stack has {@code backend}'s mock: an external stack may lack the driver's. */
  public boolean serves(Backend backend) {
    return !backend.url(this).isEmpty();
  }
}
