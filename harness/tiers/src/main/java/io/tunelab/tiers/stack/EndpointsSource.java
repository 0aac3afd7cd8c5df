package io.tunelab.tiers.stack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the endpoints of a stack someone else runs, from a JSON/YAML file in the {@link
 * StackDescription} format or from {@code TUNELAB_*} environment variables.
 */
public final class EndpointsSource {
  public static final String ENV_DB_URL = "TUNELAB_DB_URL";
  public static final String ENV_DB_USER = "TUNELAB_DB_USER";
  public static final String ENV_DB_PASSWORD = "TUNELAB_DB_PASSWORD";
  public static final String ENV_DB_APP_PASSWORD = "TUNELAB_DB_APP_PASSWORD";
  public static final String ENV_BROKER_URL = "TUNELAB_BROKER_URL";
  public static final String ENV_BROKER_USER = "TUNELAB_BROKER_USER";
  public static final String ENV_BROKER_PASSWORD = "TUNELAB_BROKER_PASSWORD";

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  private EndpointsSource() {}

  /**
   * Endpoints from a file written like {@code stack up --json} prints them (JSON or YAML); a
   * password masked there ({@link Endpoints#MASK}) or left out comes from {@code
   * TUNELAB_DB_PASSWORD}, {@code TUNELAB_BROKER_PASSWORD} or {@code TUNELAB_DB_APP_PASSWORD}.
   */
  public static Endpoints fromFile(Path file) {
    return fromFile(file, System.getenv());
  }

  /** {@link #fromFile(Path)} with the variables of {@code env}. */
  public static Endpoints fromFile(Path file, Map<String, String> env) {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(
          "endpoints file "
              + file
              + " does not exist: write one like `./tunelab stack up --json` prints");
    }
    StackDescription description;
    try {
      description = YAML.readValue(Files.readString(file), StackDescription.class);
    } catch (UnrecognizedPropertyException e) {
      throw new BadInputException(
          file
              + ": unknown field '"
              + e.getPropertyName()
              + "' at "
              + path(e)
              + "; allowed: "
              + e.getKnownPropertyIds(),
          e);
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          file + ": not valid JSON/YAML endpoints (" + e.getOriginalMessage() + ")" + location(e),
          e);
    } catch (IOException e) {
      throw new BadInputException("cannot read endpoints file " + file + ": " + e.getMessage(), e);
    }
    if (description == null) {
      throw new BadInputException(file + ": empty endpoints file");
    }
    String where = file.toString();
    require(where, "db", description.db());
    require(where, "broker", description.broker());
    if (description.mocks() == null) {
      throw new BadInputException(where + ": missing 'mocks' with 'siebel' and 'brm' base URLs");
    }
    List<String> unknown = description.mocks().unknown();
    if (!unknown.isEmpty()) {
      throw new BadInputException(
          file
              + ": unknown field '"
              + unknown.get(0)
              + "' at 'mocks."
              + unknown.get(0)
              + "'; allowed: "
              + Arrays.stream(Backend.values()).map(Backend::label).toList());
    }
    StackDescription.Login db = unmasked(where, login(description, true), ENV_DB_PASSWORD, env);
    StackDescription.Login broker =
        unmasked(where, login(description, false), ENV_BROKER_PASSWORD, env);
    StackDescription.Login app = appLogin(where, description, env);
    return validated(
        where,
        new Endpoints(
            description.db(),
            db.user(),
            db.password(),
            description.broker(),
            broker.user(),
            broker.password(),
            mocks(where, description.mocks()::url, backend -> "mocks." + backend.label()),
            app.user(),
            app.password()));
  }

  /**
   * The middleware's own database role, {@code credentials.dbApp}: left out, the middleware uses
   * the db login (a user's stack need not have one).
   */
  private static StackDescription.Login appLogin(
      String where, StackDescription description, Map<String, String> env) {
    StackDescription.Credentials credentials = description.credentials();
    if (credentials == null || credentials.dbApp() == null) {
      return new StackDescription.Login("", "");
    }
    StackDescription.Login app = credentials.dbApp();
    if (app.user() == null || app.user().isBlank()) {
      throw new BadInputException(
          where
              + ": credentials.dbApp has no user: name the role the middleware connects as, or"
              + " leave dbApp out to connect it as the db user");
    }
    return unmasked(where, app, ENV_DB_APP_PASSWORD, env);
  }

  /**
   * Endpoints from {@code TUNELAB_*} variables, a back-end's mock from its {@link
   * Backend#urlVariable()}: every URL variable is required but an {@link Backend#optional()}
   * back-end's (the driver's, which only the messaging plan calls).
   */
  public static Endpoints fromEnvironment(Map<String, String> env) {
    String where = "environment";
    return validated(
        where,
        new Endpoints(
            require(where, ENV_DB_URL, env.get(ENV_DB_URL)),
            env.getOrDefault(ENV_DB_USER, "tunelab"),
            env.getOrDefault(ENV_DB_PASSWORD, "tunelab"),
            require(where, ENV_BROKER_URL, env.get(ENV_BROKER_URL)),
            env.getOrDefault(ENV_BROKER_USER, ""),
            env.getOrDefault(ENV_BROKER_PASSWORD, ""),
            mocks(where, backend -> env.get(backend.urlVariable()), Backend::urlVariable),
            "",
            ""));
  }

  /**
   * Each back-end's mock URL as {@code given} says, required but where the back-end is {@link
   * Backend#optional()}; a missing one is called what {@code named} calls it.
   */
  private static Map<Backend, String> mocks(
      String where, Function<Backend, String> given, Function<Backend, String> named) {
    Map<Backend, String> mocks = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      String url = given.apply(backend);
      mocks.put(
          backend, backend.optional() ? optional(url) : require(where, named.apply(backend), url));
    }
    return mocks;
  }

  private static StackDescription.Login login(StackDescription description, boolean db) {
    StackDescription.Credentials credentials = description.credentials();
    StackDescription.Login login =
        credentials == null ? null : db ? credentials.db() : credentials.broker();
    if (login != null) {
      return login;
    }
    return db
        ? new StackDescription.Login("tunelab", "tunelab")
        : new StackDescription.Login("", "");
  }

  /**
   * A login whose password the file masks takes it from {@code variable}: an endpoints file need
   * not hold a secret. Without the variable it is bad input, with the two ways to fix it.
   */
  private static StackDescription.Login unmasked(
      String where, StackDescription.Login login, String variable, Map<String, String> env) {
    if (login.password() == null) {
      return new StackDescription.Login(login.user(), env.getOrDefault(variable, ""));
    }
    if (!Endpoints.isMasked(login.password())) {
      return login;
    }
    String password = env.get(variable);
    if (password == null) {
      throw new BadInputException(
          where
              + ": the password of user '"
              + login.user()
              + "' is masked ("
              + Endpoints.MASK
              + "): set "
              + variable
              + " to it, or write the file with `./tunelab stack up --json --show-credentials`"
              + " (or `stack status --json --show-credentials`)");
    }
    return new StackDescription.Login(login.user(), password);
  }

  private static Endpoints validated(String where, Endpoints endpoints) {
    prefix(where, "db", endpoints.db(), "jdbc:postgresql://");
    prefix(where, "broker", endpoints.broker(), "tcp://");
    for (Backend backend : Backend.values()) {
      if (endpoints.serves(backend)) {
        prefix(where, "mocks." + backend.label(), backend.url(endpoints), "http://", "https://");
      }
    }
    return endpoints;
  }

  private static void prefix(String where, String field, String value, String... prefixes) {
    for (String prefix : prefixes) {
      if (value.startsWith(prefix)) {
        requireHost(where, field, value, prefix);
        return;
      }
    }
    throw new BadInputException(
        where
            + ": "
            + field
            + " must start with "
            + String.join(" or ", prefixes)
            + ", was '"
            + value
            + "'");
  }

  /**
   * The host between {@code prefix} and the port or path must be there: {@code
   * jdbc:postgresql:///tunelab} or {@code tcp://:61616} would otherwise fail only when the run
   * connects, or reach a default host nobody meant.
   */
  private static void requireHost(String where, String field, String value, String prefix) {
    String authority = value.substring(prefix.length()).split("[/?#]", 2)[0];
    String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
    String host =
        hostAndPort.startsWith("[")
            ? hostAndPort.substring(0, hostAndPort.indexOf(']') + 1)
            : hostAndPort.split(":", 2)[0];
    if (host.isBlank()) {
      throw new BadInputException(
          where
              + ": "
              + field
              + " has no host ('"
              + value
              + "'): write it as "
              + prefix
              + "HOST:PORT"
              + (prefix.startsWith("jdbc") ? "/DATABASE" : "")
              + ", e.g. "
              + prefix
              + "127.0.0.1"
              + (prefix.startsWith("jdbc")
                  ? ":5432/tunelab"
                  : prefix.equals("tcp://") ? ":61616" : ":8080"));
    }
  }

  private static String require(String where, String field, String value) {
    if (value == null || value.isBlank()) {
      throw new BadInputException(where + ": missing '" + field + "'");
    }
    return value.trim();
  }

  private static String optional(String value) {
    return value == null ? "" : value.trim();
  }

  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
        .collect(Collectors.joining(".", "'", "'"));
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }
}
