package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KnobReferenceTest {
  @Test
  void docsKnobsMdIsUpToDateWithTheRegistry() throws IOException {
    Path page = Path.of(System.getProperty("tunelab.home"), "docs", "knobs.md");
    String expected = KnobReference.markdown(Knobs.ALL, KnobRules.ALL);

    assertThat(Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "")
        .as(
            "docs/knobs.md is out of date with the knob registry: regenerate it with"
                + " ./tunelab knobs --markdown > docs/knobs.md")
        .isEqualTo(expected);
  }

  @Test
  void everyKnobHasAOneLineDoc() {
    for (Knob<?> knob : Knobs.ALL) {
      assertThat(knob.doc()).as(knob.name()).isNotBlank().doesNotContain("\n");
    }
  }
}
