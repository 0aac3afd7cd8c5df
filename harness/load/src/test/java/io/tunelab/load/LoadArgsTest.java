package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LoadArgsTest {
  @Test
  void takesSecretPropertiesFromTheEnvironmentAndOnlyThose() {
    LoadArgs args =
        LoadArgs.parse(
            new String[] {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w", "-Jorders=5"},
            java.util.Map.of(
                "TUNELAB_LOAD_SECRET_jdbcPassword", "s3cret,\"x\"", "PATH", "/usr/bin"));

    assertThat(args.properties())
        .containsExactly(
            java.util.Map.entry("orders", "5"),
            java.util.Map.entry("jdbcPassword", "s3cret,\"x\""));
  }

  @Test
  void readsTheRemoteEnginesAndRefusesOneThatIsNotHostAndPortOrNamedTwice() {
    String[] base = {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w"};
    assertThat(LoadArgs.parse(base).remotes()).isEmpty();
    assertThat(
            LoadArgs.parse(concat(base, "--remote", "127.0.0.1:1099, engine-2.example:41000"))
                .remotes())
        .containsExactly("127.0.0.1:1099", "engine-2.example:41000");
    assertThatThrownBy(() -> LoadArgs.parse(concat(base, "--remote", "127.0.0.1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--remote 127.0.0.1 is not host:port");
    assertThatThrownBy(() -> LoadArgs.parse(concat(base, "--remote", "a:1,a:1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names an engine twice");
  }

  @Test
  void readsTheStopFileForThisJvmsOwnRunOnly() {
    String[] base = {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w"};
    assertThat(LoadArgs.parse(base).stopFile()).isNull();
    assertThat(LoadArgs.parse(concat(base, "--stop-file", "/tmp/w/stop")).stopFile())
        .isEqualTo(Path.of("/tmp/w/stop"));
    assertThatThrownBy(
            () ->
                LoadArgs.parse(
                    concat(concat(base, "--stop-file", "/tmp/w/stop"), "--remote", "a:1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--stop-file ends a run of this JVM's own engine");
  }

  @Test
  void readsTheInfluxdbListenerOnlyWithItsApplicationTag() {
    String[] base = {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w"};
    assertThat(LoadArgs.parse(base).influxdb()).isNull();
    assertThat(
            LoadArgs.parse(
                    concat(
                        base,
                        "--influxdb",
                        "http://127.0.0.1:8086/write?db=jmeter",
                        "--influxdb-application",
                        "quickstart/brm-50ms"))
                .influxdb())
        .isEqualTo(
            new LoadArgs.Influxdb("http://127.0.0.1:8086/write?db=jmeter", "quickstart/brm-50ms"));
    assertThatThrownBy(() -> LoadArgs.parse(concat(base, "--influxdb", "http://a/write")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("go together");
  }

  private static String[] concat(String[] base, String... more) {
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void refusesASecretPropertyAlsoGivenOnTheCommandLine() {
    assertThatThrownBy(
            () ->
                LoadArgs.parse(
                    new String[] {
                      "--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w", "-Jpassword=a"
                    },
                    java.util.Map.of("TUNELAB_LOAD_SECRET_password", "b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("property password is given twice: give it once");
  }

  @Test
  void readsPlanJtlWorkSampleVariablesAndPropertiesInOrder() {
    LoadArgs args =
        LoadArgs.parse(
            new String[] {
              "--plan",
              "p.jmx",
              "--jtl",
              "r.jtl",
              "--work",
              "w",
              "--sample-variables",
              "a, b",
              "-Jorders=5",
              "-JbrokerUrl=tcp://127.0.0.1:1?x=y",
              "-Jempty="
            });

    assertThat(args.plan()).isEqualTo(Path.of("p.jmx"));
    assertThat(args.jtl()).isEqualTo(Path.of("r.jtl"));
    assertThat(args.work()).isEqualTo(Path.of("w"));
    assertThat(args.sampleVariables()).containsExactly("a", "b");
    assertThat(args.properties())
        .containsExactly(
            java.util.Map.entry("orders", "5"),
            java.util.Map.entry("brokerUrl", "tcp://127.0.0.1:1?x=y"),
            java.util.Map.entry("empty", ""));
    assertThat(args.report()).isNull();
  }

  @Test
  void readsTheDashboardFolder() {
    LoadArgs args =
        LoadArgs.parse(
            new String[] {"--plan", "p.jmx", "--jtl", "r.jtl", "--work", "w", "--report", "d"});

    assertThat(args.report()).isEqualTo(Path.of("d"));
  }

  @Test
  void rejectsAnUnknownArgument() {
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"--plans", "p.jmx"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown argument '--plans'")
        .hasMessageContaining("usage:");
  }

  @Test
  void rejectsAMissingPlan() {
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"--jtl", "r.jtl", "--work", "w"}))
        .hasMessageContaining("--plan, --jtl and --work are required");
  }

  @Test
  void rejectsAnOptionWithoutValue() {
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"--plan"}))
        .hasMessageContaining("--plan needs a value");
  }

  @Test
  void rejectsAPropertyWithoutName() {
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"-J=5"}))
        .hasMessageContaining("-J=5 is not -Jname=value");
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"-Jorders"}))
        .hasMessageContaining("-Jorders is not -Jname=value");
  }

  @Test
  void rejectsAPropertyGivenTwice() {
    assertThatThrownBy(() -> LoadArgs.parse(new String[] {"-Jorders=1", "-Jorders=2"}))
        .hasMessageContaining("property orders is given twice");
  }
}
