package io.tunelab.middleware.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.config.MiddlewareSettings.DeliveryPolicy;
import io.tunelab.middleware.config.MiddlewareSettings.InstancePersistence;
import io.tunelab.middleware.config.MiddlewareSettings.Transactions;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SettingsReaderTest {
  private static Properties endpoints() {
    Properties properties = new Properties();
    properties.setProperty("db.url", "jdbc:postgresql://127.0.0.1:5432/tunelab");
    properties.setProperty("db.user", "tunelab");
    properties.setProperty("broker.url", "tcp://127.0.0.1:61616");
    properties.setProperty("siebel.url", "http://127.0.0.1:1");
    properties.setProperty("brm.url", "http://127.0.0.1:2");
    return properties;
  }

  @Test
  void defaultsAreTheUntunedMiddleware() {
    MiddlewareSettings settings = SettingsReader.from(endpoints(), "test");

    assertThat(settings.consumers(Stage.ORCHESTRATION)).isEqualTo(1);
    assertThat(settings.instancePersistence()).isEqualTo(InstancePersistence.ALWAYS);
    assertThat(settings.auditLevel()).isEqualTo(AuditLevel.DEVELOPMENT);
    assertThat(settings.deliveryPolicy()).isEqualTo(DeliveryPolicy.ASYNC_PERSIST);
    assertThat(settings.diagnostics()).isTrue();
    assertThat(settings.transactions()).isEqualTo(Transactions.LOCAL);
    assertThat(settings.role()).isEqualTo(MiddlewareSettings.Role.ALL);
  }

  @Test
  void readsChoicesAsTheFileSpellsThem() {
    Properties properties = endpoints();
    properties.setProperty("delivery.policy", "async.cache");
    properties.setProperty("consumers.createSubscriptions", "8");
    properties.setProperty("diagnostics", "off");
    properties.setProperty("transactions", "xa");
    properties.setProperty("role", "sync");

    MiddlewareSettings settings = SettingsReader.from(properties, "test");

    assertThat(settings.transactions()).isEqualTo(Transactions.XA);
    assertThat(settings.role()).isEqualTo(MiddlewareSettings.Role.SYNC);
    assertThat(settings.role().servesQueues()).isFalse();
    assertThat(settings.role().servesRequests()).isTrue();

    assertThat(settings.deliveryPolicy()).isEqualTo(DeliveryPolicy.ASYNC_CACHE);
    assertThat(settings.consumers(Stage.CREATE_SUBSCRIPTIONS)).isEqualTo(8);
    assertThat(settings.diagnostics()).isFalse();
  }

  @Test
  void readsTheBillingCareService() {
    Properties properties = endpoints();
    assertThat(SettingsReader.from(properties, "test").billing())
        .isEqualTo(
            new MiddlewareSettings.Billing(
                0, 25, 20, InstancePersistence.ALWAYS, AuditLevel.DEVELOPMENT, true));
    properties.setProperty("billing.serverThreads", "4");
    properties.setProperty("billing.brmConnections", "6");
    properties.setProperty("billing.instancePersistence", "off");
    properties.setProperty("billing.auditLevel", "production");
    properties.setProperty("billing.tracking", "off");

    assertThat(SettingsReader.from(properties, "test").billing())
        .isEqualTo(
            new MiddlewareSettings.Billing(
                0, 4, 6, InstancePersistence.OFF, AuditLevel.PRODUCTION, false));
  }

  @Test
  void rejectsUnknownKey() {
    Properties properties = endpoints();
    properties.setProperty("consumers.orchestraton", "2");

    assertThatThrownBy(() -> SettingsReader.from(properties, "mw.properties"))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("mw.properties")
        .hasMessageContaining("consumers.orchestraton")
        .hasMessageContaining("consumers.orchestration");
  }

  @Test
  void rejectsValueOutOfRangeNamingTheRange() {
    Properties properties = endpoints();
    properties.setProperty("consumers.intake", "0");

    assertThatThrownBy(() -> SettingsReader.from(properties, "test"))
        .hasMessageContaining("consumers.intake must be an integer 1..256, was '0'");
  }

  @Test
  void rejectsUnknownChoiceListingTheAllowedOnes() {
    Properties properties = endpoints();
    properties.setProperty("instance.persistence", "sometimes");

    assertThatThrownBy(() -> SettingsReader.from(properties, "test"))
        .hasMessageContaining("[always, faulted, off]")
        .hasMessageContaining("sometimes");
  }

  @Test
  void requiresEveryEndpoint() {
    Properties properties = endpoints();
    properties.remove("broker.url");

    assertThatThrownBy(() -> SettingsReader.from(properties, "test"))
        .hasMessageContaining("broker.url is required");
  }

  @Test
  void passwordsTheFileLeavesOutComeFromTheEnvironment() {
    MiddlewareSettings settings =
        SettingsReader.from(
            endpoints(),
            "test",
            Map.of(
                "TUNELAB_MIDDLEWARE_DB_PASSWORD", "db-secret",
                "TUNELAB_MIDDLEWARE_BROKER_PASSWORD", "broker-secret"));

    assertThat(settings.dbPassword()).isEqualTo("db-secret");
    assertThat(settings.brokerPassword()).isEqualTo("broker-secret");
  }

  @Test
  void aPasswordInTheFileWinsOverTheEnvironment() {
    Properties properties = endpoints();
    properties.setProperty("db.password", "from-file");

    MiddlewareSettings settings =
        SettingsReader.from(
            properties, "test", Map.of("TUNELAB_MIDDLEWARE_DB_PASSWORD", "from-env"));

    assertThat(settings.dbPassword()).isEqualTo("from-file");
    assertThat(settings.brokerPassword()).isEmpty();
  }

  @Test
  void statusAndLogsNeverShowAPassword() {
    MiddlewareSettings settings =
        SettingsReader.from(
            endpoints(), "test", Map.of("TUNELAB_MIDDLEWARE_DB_PASSWORD", "db-secret"));

    assertThat(settings.masked().dbPassword()).isEqualTo("********");
    assertThat(settings.masked().brokerPassword()).isEmpty();
    assertThat(settings.masked().dbUrl()).isEqualTo(settings.dbUrl());
    assertThat(settings.toString()).doesNotContain("db-secret");
  }
}
