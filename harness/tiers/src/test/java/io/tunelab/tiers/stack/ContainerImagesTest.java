package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.TunelabHome;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The official images or tunelab's own, as .env and the environment choose. */
class ContainerImagesTest {
  private static final Path ENV = Path.of(System.getProperty("tunelab.home"), ".env");

  @Test
  void theOfficialImagesByDefaultAndTunelabsOwnOfTheSameVersionsWhenAskedFor() {
    ContainerImages official = ContainerImages.fromEnvFile(ENV, Map.of());
    ContainerImages built =
        ContainerImages.fromEnvFile(ENV, Map.of(ContainerImages.CHOICE, "built"));

    assertThat(official.built()).isFalse();
    assertThat(official.postgres()).startsWith("postgres:");
    assertThat(built.built()).isTrue();
    assertThat(built.postgres()).startsWith("tunelab/db:");
    // the same PostgreSQL, Artemis and WireMock as the official images pinned beside them
    assertThat(official.postgres()).startsWith("postgres:" + tag(built.postgres()) + "-");
    assertThat(tag(built.artemis())).isEqualTo(tag(official.artemis()));
    assertThat(tag(built.wiremock())).isEqualTo(tag(official.wiremock()));
  }

  /** A run's environment says which images ran its stack (run.json, summary.md). */
  @Test
  void theProviderDescribesTheImagesItRuns() {
    TunelabHome home = TunelabHome.locate();

    assertThat(new TestcontainersProvider(home, Map.of(ContainerImages.CHOICE, "built")).describe())
        .startsWith("testcontainers (tunelab/db:")
        .endsWith(", built here, on the host's network)");
    assertThat(new TestcontainersProvider(home, Map.of()).describe())
        .startsWith("testcontainers (postgres:")
        .doesNotContain("built here");
    assertThat(new EmbeddedProvider(home, new StackRegistry(Path.of("unused"))).describe())
        .isEqualTo("embedded");
  }

  @Test
  void anUnknownChoiceIsBadInputNamingBoth() {
    assertThatThrownBy(
            () -> ContainerImages.fromEnvFile(ENV, Map.of(ContainerImages.CHOICE, "local")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("TUNELAB_IMAGES must be official")
        .hasMessageContaining("built")
        .hasMessageContaining("'local'");
  }

  @Test
  void tunelabsOwnImagesWithRyukLeftOnAreRefusedBeforeDockerIsAsked() {
    TestcontainersProvider provider =
        new TestcontainersProvider(TunelabHome.locate(), Map.of(ContainerImages.CHOICE, "built"));

    assertThatThrownBy(() -> provider.start(StackConfig.from(KnobSet.defaults())))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("TESTCONTAINERS_RYUK_DISABLED=true");
  }

  private static String tag(String image) {
    return image.substring(image.lastIndexOf(':') + 1);
  }
}
