package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineStoreTest {
  @TempDir Path root;

  @Test
  void aBaselineReadsBackAsWrittenUnderItsSuiteAndExperiment() {
    RunResult run = GateTest.run("a", GateTest.step("baseline", 400, 900, 910, 890));
    Baseline baseline =
        new Baseline(
            "nightly",
            "quickstart",
            "2026-11-24T06:00:00Z",
            Fingerprint.machine("cpu", 2, 24103, "17.0.15 (Debian)"),
            run);
    BaselineStore store = new BaselineStore(root);

    Path file = store.write(baseline);

    assertThat(file).isEqualTo(root.resolve("nightly/quickstart.json"));
    assertThat(store.read("nightly", "quickstart")).contains(baseline);
    assertThat(store.read("nightly", "other")).isEmpty();
  }

  @Test
  void aFileThatIsNotABaselineIsBadInputNamingTheFix() throws Exception {
    Files.createDirectories(root.resolve("nightly"));
    Files.writeString(root.resolve("nightly/quickstart.json"), "{not json");

    assertThatThrownBy(() -> new BaselineStore(root).read("nightly", "quickstart"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("cannot read the baseline " + root.resolve("nightly/quickstart.json"))
        .hasMessageContaining("tunelab baseline update RUN --suite nightly");
  }
}
