package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.middleware.Middleware;
import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.SettingsException;
import io.tunelab.middleware.config.SettingsReader;
import io.tunelab.tiers.XaBranches;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds the middleware knobs to the middleware's own settings reader, so that neither can drift:
 * same keys, defaults, ranges and spellings.
 */
class MiddlewareContractTest {
  private static final Endpoints ENDPOINTS =
      new Endpoints(
          "jdbc:postgresql://127.0.0.1:5432/tunelab",
          "tunelab",
          "secret",
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
  private static final Pattern INTEGER = Pattern.compile("an integer (-?\\d+)\\.\\.(-?\\d+)");

  @Test
  void defaultKnobsGiveTheMiddlewaresOwnDefaults() {
    MiddlewareSettings endpointsOnly = SettingsReader.from(endpointsOnly(), "endpoints only");

    assertThat(read(MiddlewareConfig.defaults())).isEqualTo(endpointsOnly);
  }

  @Test
  void passwordsReachTheMiddlewareThroughItsOwnVariablesAndNeverThroughTheFile() {
    assertThat(MiddlewareConfig.secrets(ENDPOINTS).keySet())
        .containsExactlyInAnyOrderElementsOf(SettingsReader.SECRET_VARIABLES.values());
    assertThat(MiddlewareConfig.defaults().properties(ENDPOINTS, 0))
        .doesNotContain("password")
        .doesNotContain(ENDPOINTS.dbPassword());
    assertThat(read(MiddlewareConfig.defaults()).dbPassword()).isEqualTo(ENDPOINTS.dbPassword());
  }

  @Test
  void theHarnessKnowsTheMiddlewaresXaBranchesByItsNodeIdentifier() {
    assertThat(XaBranches.MIDDLEWARE_NODE).isEqualTo(Middleware.XA_NODE_IDENTIFIER);
  }

  @Test
  void everySettingsKeyButTheEndpointsHasAKnob() {
    Set<String> keys = settingsKeys();
    assertThat(keys).contains("delivery.policy", "consumers.orchestration", "diagnostics");
    keys.removeAll(MiddlewareConfig.ENDPOINT_KEYS);
    keys.removeAll(MiddlewareConfig.FOLLOWED_KNOBS.keySet());

    Set<String> knobKeys = new TreeSet<>();
    KnobRegistry.standard().all().stream()
        .filter(MiddlewareConfig::isSetting)
        .forEach(knob -> knobKeys.add(MiddlewareConfig.settingsKey(knob)));

    assertThat(knobKeys)
        .as("middleware.KEY knobs vs the keys SettingsReader reads")
        .containsExactlyInAnyOrderElementsOf(keys);
    assertThat(KnobRegistry.standard().all().stream().filter(MiddlewareConfig::isSetting))
        .as("kinds the range tests below cover")
        .allMatch(
            knob -> Set.of("integer", "choice", "choices", "boolean").contains(knob.type().kind()));
  }

  @Test
  void followedKnobsReachTheirSetting() {
    for (Map.Entry<String, Knob<?>> followed : MiddlewareConfig.FOLLOWED_KNOBS.entrySet()) {
      assertThat(MiddlewareConfig.defaults().settings()).containsKey(followed.getKey());
      assertThat(followed.getValue().type().kind()).isEqualTo("integer");
      assertRange(followed.getValue(), followed.getKey());
    }
  }

  @Test
  void integerKnobsHaveTheReadersRanges() {
    for (Knob<?> knob : settingKnobs("integer")) {
      assertRange(knob, MiddlewareConfig.settingsKey(knob));
    }
  }

  /** The knob and the reader accept the same integers for {@code key}. */
  private static void assertRange(Knob<?> knob, String key) {
    Matcher range = INTEGER.matcher(knob.type().allowed());
    assertThat(range.matches()).as(knob.name()).isTrue();
    long min = Long.parseLong(range.group(1));
    long max = Long.parseLong(range.group(2));

    assertThat(read(knob, Long.toString(min))).as(knob.name()).isNotEqualTo(read(knob, max + ""));
    for (long outside : List.of(min - 1, max + 1)) {
      assertThatThrownBy(() -> KnobSet.defaults().with(knob.name(), Long.toString(outside)))
          .as(knob.name() + "=" + outside)
          .isInstanceOf(BadInputException.class);
      Properties raw = endpointsOnly();
      raw.setProperty(key, Long.toString(outside));
      assertThatThrownBy(() -> SettingsReader.from(raw, "raw"))
          .as(key + "=" + outside)
          .isInstanceOf(SettingsException.class)
          .hasMessageContaining(key);
    }
  }

  @Test
  void choiceAndOnOffKnobsHaveTheReadersValues() {
    List<Knob<?>> knobs = settingKnobs("choice");
    knobs.addAll(settingKnobs("boolean"));
    assertThat(knobs).isNotEmpty();
    for (Knob<?> knob : knobs) {
      List<String> values =
          knob.type().kind().equals("boolean")
              ? List.of("on", "off")
              : Arrays.asList(knob.type().allowed().replace("one of ", "").split(", "));
      Set<MiddlewareSettings> distinct = new HashSet<>();
      for (String value : values) {
        distinct.add(read(knob, value));
      }
      assertThat(distinct).as(knob.name() + " " + values).hasSize(values.size());
    }
  }

  /**
   * A knob with a value per instance ({@code middleware.role: async,sync}) tells each instance one
   * word, which the reader takes: every word, and a list split over as many instances.
   */
  @Test
  void aValuePerInstanceReachesEachInstanceAsOneWordTheReaderTakes() {
    List<Knob<?>> knobs = settingKnobs("choices");
    assertThat(knobs).isNotEmpty();
    for (Knob<?> knob : knobs) {
      List<String> words =
          Arrays.asList(
              knob.type()
                  .allowed()
                  .replace("one of ", "")
                  .replaceAll(", or one for each instance.*$", "")
                  .split(", "));
      Set<MiddlewareSettings> distinct = new HashSet<>();
      for (String word : words) {
        distinct.add(read(knob, word));
      }
      assertThat(distinct).as(knob.name() + " " + words).hasSize(words.size());
      MiddlewareConfig each =
          MiddlewareConfig.from(
              KnobSet.defaults()
                  .with("middleware.instances", Integer.toString(words.size()))
                  .with(knob.name(), String.join(",", words)));
      for (int n = 1; n <= words.size(); n++) {
        assertThat(read(each.instance(n))).isEqualTo(read(knob, words.get(n - 1)));
      }
    }
  }

  /** The reader's own list of keys, which it names when it meets an unknown one. */
  private static Set<String> settingsKeys() {
    Properties withUnknown = endpointsOnly();
    withUnknown.setProperty("tunelab.no.such.setting", "x");
    try {
      SettingsReader.from(withUnknown, "probe");
    } catch (SettingsException e) {
      Matcher known = Pattern.compile("known settings: \\[(.*)]").matcher(e.getMessage());
      assertThat(known.find()).as(e.getMessage()).isTrue();
      return new TreeSet<>(Arrays.asList(known.group(1).split(", ")));
    }
    throw new AssertionError("the middleware accepted an unknown setting");
  }

  private static List<Knob<?>> settingKnobs(String kind) {
    return new java.util.ArrayList<>(
        KnobRegistry.standard().all().stream()
            .filter(MiddlewareConfig::isSetting)
            .filter(knob -> knob.type().kind().equals(kind))
            .toList());
  }

  private static MiddlewareSettings read(Knob<?> knob, String value) {
    // xa is only accepted with a database that can prepare transactions
    KnobSet base = KnobSet.defaults().with("db.server.max_prepared_transactions", "10");
    return read(MiddlewareConfig.from(base.with(knob.name(), value)));
  }

  private static MiddlewareSettings read(MiddlewareConfig config) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(config.properties(ENDPOINTS, 0)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return SettingsReader.from(
        properties, "middleware.properties", MiddlewareConfig.secrets(ENDPOINTS));
  }

  private static Properties endpointsOnly() {
    Properties properties = new Properties();
    properties.setProperty("db.url", ENDPOINTS.db());
    properties.setProperty("db.user", ENDPOINTS.dbUser());
    properties.setProperty("db.password", ENDPOINTS.dbPassword());
    properties.setProperty("broker.url", ENDPOINTS.broker());
    properties.setProperty("siebel.url", Backend.SIEBEL.url(ENDPOINTS));
    properties.setProperty("brm.url", Backend.BRM.url(ENDPOINTS));
    properties.setProperty("driver.url", Backend.DRIVER.url(ENDPOINTS));
    return properties;
  }
}
