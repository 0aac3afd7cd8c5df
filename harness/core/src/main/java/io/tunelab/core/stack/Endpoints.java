package io.tunelab.core.stack;

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
 * @param siebel base URL of the Siebel mock, e.g. {@code http://127.0.0.1:8081}
 * @param brm base URL of the BRM mock
 * @param driver base URL of the device-driver mock of the messaging plan; empty when the stack has
 *     none (an external stack described before the messaging plan existed)
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
    String siebel,
    String brm,
    String driver,
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
      String siebel,
      String brm,
      String driver) {
    this(db, dbUser, dbPassword, broker, brokerUser, brokerPassword, siebel, brm, driver, "", "");
  }

  /**
   * Endpoints whose back-end mocks are given by back-end: the one place that knows which field
   * holds which back-end's URL ({@link Backend#url} reads them back). A back-end absent from {@code
   * mocks} has none ({@link #serves}), which only {@code driver} may lack.
   */
  public static Endpoints of(
      String db,
      String dbUser,
      String dbPassword,
      String broker,
      String brokerUser,
      String brokerPassword,
      Map<Backend, String> mocks,
      String dbAppUser,
      String dbAppPassword) {
    return new Endpoints(
        db,
        dbUser,
        dbPassword,
        broker,
        brokerUser,
        brokerPassword,
        mocks.get(Backend.SIEBEL),
        mocks.get(Backend.BRM),
        mocks.get(Backend.DRIVER),
        dbAppUser,
        dbAppPassword);
  }

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
    dbAppUser = dbAppUser == null ? "" : dbAppUser;
    dbAppPassword = dbAppUser.isEmpty() || dbAppPassword == null ? "" : dbAppPassword;
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
        siebel,
        brm,
        driver,
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
        + ", dbAppUser="
        + dbAppUser
        + ", dbAppPassword="
        + shown.dbAppPassword
        + "]";
  }

  /** Whether the stack has {@code backend}'s mock: an external stack may lack the driver's. */
  public boolean serves(Backend backend) {
    return !backend.url(this).isEmpty();
  }
}
