package io.tunelab.tiers.stack;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON a user sees for a stack ({@code stack up --json}, {@code stack status --json}) and the
 * format of the {@code external} provider's endpoints file, so the output of one is the input of
 * the other. Passwords are printed only when asked ({@code --show-credentials}); otherwise they are
 * {@link Endpoints#MASK}, which the endpoints reader takes from the environment instead.
 *
 * <pre>{@code
 * {"db": "jdbc:postgresql://127.0.0.1:P/tunelab", "broker": "tcp://127.0.0.1:P",
 *  "mocks": {"siebel": "http://127.0.0.1:P", "brm": "http://127.0.0.1:P",
 *            "driver": "http://127.0.0.1:P"},
 *  "credentials": {"db": {"user": "tunelab", "password": "********"},
 *                  "broker": {"user": "tunelab", "password": "********"},
 *                  "dbApp": {"user": "tunelab_app", "password": "********"}},
 *  "startMillis": {"db": 900, "broker": 4100, "mocks": 2300, "stack": 4400}}
 * }</pre>
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "id",
  "provider",
  "db",
  "broker",
  "mocks",
  "credentials",
  "startMillis",
  "logs"
})
public record StackDescription(
    String id,
    String provider,
    String db,
    String broker,
    Mocks mocks,
    Credentials credentials,
    Map<String, Long> startMillis,
    Map<String, String> logs) {

  /**
   * Base URLs of the back-end mocks by their {@link Backend} label ({@code siebel}, {@code brm},
   * {@code driver}); an optional back-end (the messaging plan's device driver) may be left out, and
   * then only the plans that call it cannot run. Read as the file has it: a label that names no
   * back-end is the reader's to refuse ({@link #unknown()}).
   */
  public record Mocks(Map<String, String> byLabel) {
    public Mocks {
      byLabel = Collections.unmodifiableMap(new LinkedHashMap<>(byLabel));
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Mocks read(Map<String, String> byLabel) {
      return new Mocks(byLabel == null ? Map.of() : byLabel);
    }

    /** The URLs of the back-ends {@code endpoints} serves, in {@link Backend}'s order. */
    public static Mocks of(Endpoints endpoints) {
      Map<String, String> urls = new LinkedHashMap<>();
      for (Backend backend : Backend.values()) {
        if (endpoints.serves(backend)) {
          urls.put(backend.label(), backend.url(endpoints));
        }
      }
      return new Mocks(urls);
    }

    /** The URLs by label, as the file has them. */
    @Override
    @JsonValue
    public Map<String, String> byLabel() {
      return byLabel;
    }

    /** {@code backend}'s base URL; null where the file left it out. */
    public String url(Backend backend) {
      return byLabel.get(backend.label());
    }

    /** The labels given that name no back-end. */
    public List<String> unknown() {
      return byLabel.keySet().stream().filter(label -> Backend.labelled(label).isEmpty()).toList();
    }
  }

  /**
   * User names and passwords of the db and broker tiers, and of the database role the middleware
   * connects as ({@code dbApp}; left out, the middleware uses {@code db}'s login).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Credentials(Login db, Login broker, Login dbApp) {
    public Credentials(Login db, Login broker) {
      this(db, broker, null);
    }

    /** The logins of {@code endpoints}. */
    public static Credentials of(Endpoints endpoints) {
      return new Credentials(
          new Login(endpoints.dbUser(), endpoints.dbPassword()),
          new Login(endpoints.brokerUser(), endpoints.brokerPassword()),
          endpoints.hasDbAppUser()
              ? new Login(endpoints.dbAppUser(), endpoints.dbAppPassword())
              : null);
    }
  }

  /** A user name and password. */
  public record Login(String user, String password) {}

  /**
   * This description with both passwords masked ({@link Endpoints#MASK}), as printed by default.
   */
  public StackDescription withPasswordsMasked() {
    if (credentials == null) {
      return this;
    }
    return new StackDescription(
        id,
        provider,
        db,
        broker,
        mocks,
        new Credentials(
            masked(credentials.db()), masked(credentials.broker()), masked(credentials.dbApp())),
        startMillis,
        logs);
  }

  /** This description with the credentials given. */
  public StackDescription withCredentials(Credentials value) {
    return new StackDescription(id, provider, db, broker, mocks, value, startMillis, logs);
  }

  private static Login masked(Login login) {
    return login == null || login.password() == null || login.password().isEmpty()
        ? login
        : new Login(login.user(), Endpoints.MASK);
  }

  public static StackDescription of(Stack stack) {
    Map<String, String> logs = new LinkedHashMap<>();
    stack.tiers().forEach(tier -> logs.put(tier.name(), tier.log().toString()));
    return of(stack.id(), stack.provider(), stack.endpoints(), stack.startMillis(), logs);
  }

  public static StackDescription of(
      String id,
      String provider,
      Endpoints endpoints,
      Map<String, Long> startMillis,
      Map<String, String> logs) {
    return new StackDescription(
        id,
        provider,
        endpoints.db(),
        endpoints.broker(),
        Mocks.of(endpoints),
        Credentials.of(endpoints),
        startMillis.isEmpty() ? null : startMillis,
        logs.isEmpty() ? null : logs);
  }
}
