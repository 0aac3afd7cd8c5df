package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A full or read-only disk under a command is named, with the file and the fix. */
class FullDiskTest {
  @TempDir Path dir;

  @Test
  void aFullDiskDeepInTheCausesIsNamedWithTheFileAndTheFix() {
    FileSystemException full =
        new FileSystemException("/data/results/run/run.json.tmp", null, "No space left on device");
    RuntimeException failure =
        new IllegalStateException("writing the run's files", new UncheckedIOException(full));

    assertThat(FullDisk.message(failure))
        .hasValueSatisfying(
            message ->
                assertThat(message)
                    .contains("No space left on device (writing /data/results/run/run.json.tmp)")
                    .contains("df -h")
                    .contains("never read as a result"));
  }

  @Test
  void aStreamsFullDiskHasNoFileOfItsOwnAndIsNamedByWhatItsWrapperWasDoing() {
    UncheckedIOException failure =
        new UncheckedIOException(
            "cannot write /data/results/run/summary.md",
            new IOException("No space left on device"));

    assertThat(FullDisk.message(failure))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .contains(
                        "No space left on device (cannot write /data/results/run/summary.md)"));
    assertThat(FullDisk.message(new IOException("No space left on device")))
        .hasValueSatisfying(m -> assertThat(m).contains("(writing a file)"));
  }

  @Test
  void aReadOnlyFileSystemAsTheJdkReportsItIsNamed() throws Exception {
    // the JDK's own exception for EROFS, made by asking for a file where a file is in the way
    Path file = Files.writeString(dir.resolve("f"), "x");
    FileSystemException real;
    try {
      Files.createDirectories(file.resolve("sub"));
      throw new AssertionError("a folder was made under a file");
    } catch (FileSystemException e) {
      real = e;
    }
    assertThat(FullDisk.message(real)).as("not a full disk: %s", real).isEmpty();
    FileSystemException readOnly =
        new FileSystemException(real.getFile(), null, "Read-only file system");
    assertThat(FullDisk.message(new RuntimeException(readOnly))).isPresent();
  }

  @Test
  void otherFailuresAreNotCalledAFullDisk() {
    assertThat(FullDisk.message(new IllegalStateException("broker gone"))).isEmpty();
    assertThat(FullDisk.message(new UncheckedIOException(new IOException("Connection reset"))))
        .isEmpty();
  }
}
