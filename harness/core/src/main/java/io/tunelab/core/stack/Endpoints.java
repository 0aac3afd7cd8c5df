package io.tunelab.core.stack;

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
 * @param siebel base URL of the Siebel mock, e.g. {@code http://127.0.0.1:8081}
 * @param brm base URL of the BRM mock
 * @param driver base URL of the device-driver mock of the messaging plan; empty when the stack has
 *     none (an external stack described before the messaging plan existed)
 */
public record Endpoints(
    String db,
    String dbUser,
    String dbPassword,
    String broker,
    String brokerUser,
    String brokerPassword,
    String siebel,
    String brm,
    String driver) {

  public Endpoints {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(dbUser, "dbUser");
    Objects.requireNonNull(dbPassword, "dbPassword");
    Objects.requireNonNull(broker, "broker");
    brokerUser = brokerUser == null ? "" : brokerUser;
    brokerPassword = brokerPassword == null ? "" : brokerPassword;
    Objects.requireNonNull(siebel, "siebel");
    Objects.requireNonNull(brm, "brm");
    driver = driver == null ? "" : driver;
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
        siebel,
        brm,
        driver);
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
    return "Endpoints[db="
        + db
        + ", dbUser="
        + dbUser
        + ", dbPassword="
        + shown.dbPassword
        + ", broker="
        + broker
        + ", brokerUser="
        + brokerUser
        + ", brokerPassword="
        + shown.brokerPassword
        + ", siebel="
        + siebel
        + ", brm="
        + brm
        + ", driver="
        + driver
        + "]";
  }

  /** Whether the stack has a device-driver mock, which only the messaging plan calls. */
  public boolean hasDriver() {
    return !driver.isEmpty();
  }
}
