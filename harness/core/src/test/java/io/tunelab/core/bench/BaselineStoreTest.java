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

  private static final Fingerprint HERE = Fingerprint.machine("cpu", 2, 24103, "17.0.15 (Debian)");

  @Test
  void aBaselineReadsBackAsWrittenUnderItsSuiteMachineAndExperiment() {
    RunResult run = GateTest.run("a", GateTest.step("baseline", 400, 900, 910, 890));
    Baseline baseline =
        Baseline.of(
            "nightly", HERE.machineKey(), new Baseline.Night("2026-11-24T06:00:00Z", HERE, run));
    BaselineStore store = new BaselineStore(root);

    Path file = store.write(baseline);

    assertThat(file).isEqualTo(root.resolve("nightly/cpu-2c-24gb-jdk17-debian/x.json"));
    assertThat(store.read("nightly", HERE.machineKey(), "x")).contains(baseline);
    assertThat(store.read("nightly", "another-machine", "x")).isEmpty();
    assertThat(store.read("nightly", HERE.machineKey(), "other")).isEmpty();
    assertThat(store.machines("nightly", "x")).containsExactly(HERE.machineKey());
  }

  @Test
  void aFileThatIsNotABaselineIsBadInputNamingTheFix() throws Exception {
    Path file = root.resolve("nightly/m/quickstart.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{not json");

    assertThatThrownBy(() -> new BaselineStore(root).read("nightly", "m", "quickstart"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("cannot read the baseline " + file)
        .hasMessageContaining("tunelab bench SUITE --record-baseline");
  }
}
