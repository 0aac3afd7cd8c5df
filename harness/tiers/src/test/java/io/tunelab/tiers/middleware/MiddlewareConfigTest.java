package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MiddlewareConfigTest {
  @Test
  void knobsBecomeSettingsSpelledAsTheFileSpellsThem() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.consumers.orchestration", "3")
            .with("middleware.delivery.policy", "ASYNC.CACHE")
            .with("middleware.diagnostics", "off")
            .with("middleware.messages.persistent", "off")
            .with("broker.redelivery.maxAttempts", "7");

    MiddlewareConfig config = MiddlewareConfig.from(knobs);

    assertThat(config.settings())
        .containsEntry("consumers.orchestration", "3")
        .containsEntry("consumers.intake", "1")
        .containsEntry("delivery.policy", "async.cache")
        .containsEntry("diagnostics", "off")
        .containsEntry("messages.persistent", "false")
        .containsEntry("redelivery.maxAttempts", "7")
        .doesNotContainKeys("jvm.heapMegabytes", "jvm.flags", "http.port", "db.url");
  }

  @Test
  void jvmKnobsBecomeFlags() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.jvm.heapMegabytes", "512")
            .with("middleware.jvm.youngMegabytes", "128")
            .with("middleware.jvm.collector", "parallel")
            .with("middleware.jvm.flags", " -Xss512k   -Dx=1 ");

    assertThat(MiddlewareConfig.from(knobs).jvmFlags())
        .containsExactly(
            "-Xms256m",
            "-Xmx512m",
            "-Xmn128m",
            "-XX:+UseParallelGC",
            "-XX:+ExitOnOutOfMemoryError",
            "-Xss512k",
            "-Dx=1");
    assertThat(MiddlewareConfig.defaults().jvmFlags())
        .containsExactly("-Xms256m", "-Xmx1024m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");
  }

  @Test
  void theInitialHeapIsAKnobUpToTheMaximum() {
    KnobSet fixed =
        KnobSet.defaults()
            .with("middleware.jvm.heapMegabytes", "2048")
            .with("middleware.jvm.initialHeapMegabytes", "2048");
    KnobSet small = KnobSet.defaults().with("middleware.jvm.heapMegabytes", "128");

    assertThat(MiddlewareConfig.from(fixed).jvmFlags()).startsWith("-Xms2048m", "-Xmx2048m");
    assertThat(MiddlewareConfig.from(small).jvmFlags()).startsWith("-Xms128m", "-Xmx128m");
    assertThatThrownBy(
            () ->
                MiddlewareConfig.from(
                    KnobSet.defaults().with("middleware.jvm.initialHeapMegabytes", "2048")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.jvm.initialHeapMegabytes (2048) must be at most")
        .hasMessageContaining("middleware.jvm.heapMegabytes (1024)");
  }

  @Test
  void xaNeedsTheDatabaseToPrepareTransactions() {
    KnobSet xa = KnobSet.defaults().with("middleware.transactions", "xa");

    assertThatThrownBy(() -> MiddlewareConfig.from(xa))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.transactions=xa")
        .hasMessageContaining("db.server.max_prepared_transactions is 0")
        .hasMessageContaining("--set db.server.max_prepared_transactions=100");
    assertThat(
            MiddlewareConfig.from(xa.with("db.server.max_prepared_transactions", "10")).settings())
        .containsEntry("transactions", "xa");
  }

  @Test
  void rejectsAYoungGenerationThatDoesNotFitTheHeap() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.jvm.heapMegabytes", "256")
            .with("middleware.jvm.youngMegabytes", "256");

    assertThatThrownBy(() -> MiddlewareConfig.from(knobs))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.jvm.youngMegabytes (256) must be less than")
        .hasMessageContaining("middleware.jvm.heapMegabytes (256)");
  }

  @Test
  void rejectsABadValueNamingTheKnobAndTheAllowedValues() {
    assertThatThrownBy(() -> KnobSet.defaults().with("middleware.delivery.policy", "async"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.delivery.policy")
        .hasMessageContaining("sync, async.persist, async.cache");
    assertThatThrownBy(() -> KnobSet.defaults().with("middleware.consumers.updateCrm", "0"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.consumers.updateCrm must be an integer 1..256");
  }

  @Test
  void propertiesCarryTheEndpointsAndReadBackUnchanged() throws IOException {
    Endpoints endpoints =
        new Endpoints(
            "jdbc:postgresql://127.0.0.1:5432/tunelab",
            "tunelab",
            " p\\ss=wörd:#!",
            "tcp://127.0.0.1:61616",
            "",
            "",
            Map.of(
                Backend.SIEBEL,
                "http://127.0.0.1:8081",
                Backend.BRM,
                "http://127.0.0.1:8082",
                Backend.DRIVER,
                "http://127.0.0.1:8083"));

    Properties read = new Properties();
    read.load(new StringReader(MiddlewareConfig.defaults().properties(endpoints, 4242)));

    assertThat(read)
        .containsEntry("db.url", "jdbc:postgresql://127.0.0.1:5432/tunelab")
        .doesNotContainKey("db.password")
        .doesNotContainKey("broker.password")
        .containsEntry("broker.user", "")
        .containsEntry("brm.url", "http://127.0.0.1:8082")
        .containsEntry("http.port", "4242")
        .containsEntry("delivery.policy", "async.persist");
  }

  @Test
  void passwordsGoToTheEnvironmentUnchanged() {
    Endpoints endpoints =
        new Endpoints(
            "jdbc:postgresql://127.0.0.1:5432/tunelab",
            "tunelab",
            " p\\ss=wörd:#!",
            "tcp://127.0.0.1:61616",
            "amq",
            "broker-secret",
            Map.of(Backend.SIEBEL, "http://127.0.0.1:8081", Backend.BRM, "http://127.0.0.1:8082"));

    assertThat(MiddlewareConfig.secrets(endpoints))
        .containsEntry(MiddlewareConfig.DB_PASSWORD_VARIABLE, " p\\ss=wörd:#!")
        .containsEntry(MiddlewareConfig.BROKER_PASSWORD_VARIABLE, "broker-secret");
  }

  @Test
  void eachInstanceIsToldItsOwnRoleAndEveryOtherSetting() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.instances", "3")
            .with("middleware.role", "async,async,sync")
            .with("middleware.diagnostics", "off");

    MiddlewareConfig config = MiddlewareConfig.from(knobs);

    assertThat(config.instances()).isEqualTo(3);
    assertThat(config.instance(1).settings()).containsEntry("role", "async");
    assertThat(config.instance(2).settings()).containsEntry("role", "async");
    assertThat(config.instance(3).settings())
        .containsEntry("role", "sync")
        .containsEntry("diagnostics", "off");
    assertThat(config.instance(3).instances()).isEqualTo(1);
    assertThat(config.instance(3).jvmFlags()).isEqualTo(config.jvmFlags());
    assertThat(MiddlewareConfig.from(knobs.with("middleware.role", "sync")).instance(2).settings())
        .as("one role: every instance's")
        .containsEntry("role", "sync");
    assertThatThrownBy(() -> config.instance(4)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MiddlewareConfig.from(knobs.with("middleware.instances", "2")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("names 3 instances but middleware.instances is 2");
  }

  @Test
  void settingsNeverHoldAnEndpoint() {
    assertThatThrownBy(() -> new MiddlewareConfig(Map.of("db.url", "x"), java.util.List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("db.url");
  }
}
