package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The reference page against the registry as the CLI ships it: the tiers' knobs and every plan
 * room's ({@link KnobSource}), which only a module with the rooms on its class path sees.
 */
class KnobReferenceTest {
  @Test
  void docsKnobsMdIsUpToDateWithTheRegistry() throws IOException {
    Path page = Path.of(System.getProperty("tunelab.home"), "docs", "knobs.md");
    String expected =
        KnobReference.markdown(KnobRegistry.standard().all(), KnobRegistry.standard().rules());

    assertThat(Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "")
        .as(
            "docs/knobs.md is out of date with the knob registry: regenerate it with"
                + " ./tunelab knobs --markdown > docs/knobs.md")
        .isEqualTo(expected);
  }

  @Test
  void everyKnobHasAOneLineDoc() {
    for (Knob<?> knob : KnobRegistry.standard().all()) {
      assertThat(knob.doc()).as(knob.name()).isNotBlank().doesNotContain("\n");
    }
  }
}
