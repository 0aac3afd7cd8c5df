package io.tunelab.mocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MocksArgsTest {
  @TempDir Path root;

  @Test
  void readsEverySetting() throws Exception {
    Files.createDirectories(root.resolve("siebel/mappings"));
    Files.createDirectories(root.resolve("brm/mappings"));
    Files.createDirectories(root.resolve("driver/mappings"));

    MocksArgs args =
        MocksArgs.parse(
            "--root",
            root.toString(),
            "--siebel-port",
            "8081",
            "--brm-port",
            "8082",
            "--driver-port",
            "8083",
            "--container-threads",
            "40",
            "--async-responses",
            "false");

    assertThat(args.root()).isEqualTo(root.toAbsolutePath());
    assertThat(args.ports())
        .containsExactly(entry("siebel", 8081), entry("brm", 8082), entry("driver", 8083));
    assertThat(args.containerThreads()).isEqualTo(40);
    assertThat(args.asyncResponses()).isFalse();
  }

  @Test
  void rejectsARootWithoutEveryBackend() throws Exception {
    Files.createDirectories(root.resolve("siebel/mappings"));

    assertThatThrownBy(
            () ->
                MocksArgs.parse(
                    "--root",
                    root.toString(),
                    "--siebel-port",
                    "1",
                    "--brm-port",
                    "2",
                    "--driver-port",
                    "3",
                    "--container-threads",
                    "40",
                    "--async-responses",
                    "true"))
        .hasMessageContaining("brm/mappings");
  }

  @Test
  void servesTheBackEndsItIsGivenPortsFor() throws Exception {
    Files.createDirectories(root.resolve("brm/mappings"));

    MocksArgs args =
        MocksArgs.parse(
            "--root",
            root.toString(),
            "--brm-port",
            "8082",
            "--container-threads",
            "40",
            "--async-responses",
            "true");

    assertThat(args.ports()).containsExactly(entry("brm", 8082));
    assertThatThrownBy(
            () ->
                MocksArgs.parse(
                    "--root",
                    root.toString(),
                    "--container-threads",
                    "40",
                    "--async-responses",
                    "true"))
        .hasMessageContaining("missing argument --<back-end>-port");
  }

  @Test
  void rejectsAMissingOrUnknownArgument() {
    assertThatThrownBy(() -> MocksArgs.parse("--root", "x")).hasMessageContaining("missing");
    assertThatThrownBy(() -> MocksArgs.parse("--port", "1")).hasMessageContaining("usage");
  }
}
